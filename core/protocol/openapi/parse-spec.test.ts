import { describe, expect, it } from 'vitest';
import { notesSpecYaml, weatherSpecJson } from '../../../testing/action-api/action-specs.js';
import { actionFunctionName, encodeActionDomain, splitActionFunctionName } from './action-names.js';
import { specMessages, validateSpec } from './parse-spec.js';

describe('validateSpec', () => {
  it('answers the messages of spec 001 §5', () => {
    expect(validateSpec('{ not json: [').message).toBe(specMessages.unparsable);
    expect(validateSpec('just text').message).toBe(specMessages.unparsable);
    expect(validateSpec(JSON.stringify({ openapi: '3.1.0', paths: { '/a': { get: {} } } }))).toMatchObject({ status: false, message: 'Could not find a valid URL in `servers`' });
    expect(validateSpec(JSON.stringify({ openapi: '3.1.0', servers: [{ url: '/relative' }], paths: { '/a': { get: {} } } })).message).toBe(specMessages.noServer);
    expect(validateSpec(JSON.stringify({ openapi: '3.1.0', servers: [{ url: 'https://a.example' }], paths: {} }))).toMatchObject({ status: false, message: 'No paths found in the OpenAPI spec.' });
    expect(validateSpec(weatherSpecJson('https://api.example.com'))).toMatchObject({ status: true, message: 'OpenAPI spec is valid.', domain: 'api.example.com', serverUrl: 'https://api.example.com/v1' });
  });

  it('warns about an unknown component and still converts', () => {
    const spec = JSON.stringify({ openapi: '3.1.0', servers: [{ url: 'https://a.example' }], paths: { '/a': { get: { operationId: 'getA', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Gone' } } } } } } } } });
    const result = validateSpec(spec);
    expect(result.status).toBe(true);
    expect(result.message).toBe("In context=('paths', '/a', 'get'), reference to unknown component Gone; using empty schema");
    expect(result.functions.map((fn) => fn.function.name)).toEqual(['getA']);
  });

  it('follows $refs, keeps path and query parameters next to the body, reads YAML', () => {
    const weather = validateSpec(weatherSpecJson('https://api.example.com'));
    expect(weather.functions[0]).toEqual({
      type: 'function',
      function: {
        name: 'getWeather',
        description: 'Current weather in a city',
        parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name' }, units: { type: 'string', enum: ['metric', 'imperial'] } }, required: ['city'] },
      },
    });
    const notes = validateSpec(notesSpecYaml('https://notes.example.org'));
    const create = notes.functions.find((fn) => fn.function.name === 'createNote')!;
    expect(create.function.parameters).toEqual({
      type: 'object',
      properties: { folder: { type: 'string' }, draft: { type: 'boolean' }, requestBody: { type: 'object', required: ['title'], properties: { title: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } } },
      required: ['folder', 'requestBody'],
    });
    expect(notes.operations.map((operation) => [operation.operationId, operation.method, operation.path, operation.requestBodyMediaType])).toEqual([
      ['createNote', 'POST', '/notes/{folder}', 'application/json'],
      ['deleteNote', 'DELETE', '/notes/{folder}/{id}', undefined],
      ['subscribe', 'PUT', '/subscribe', 'application/x-www-form-urlencoded'],
    ]);
  });

  it('names operations without an operationId from method and path, within what providers accept', () => {
    const spec = JSON.stringify({ openapi: '3.1.0', servers: [{ url: 'https://a.example' }], paths: { '/pets/{id}': { get: {}, parameters: [{ name: 'id', in: 'path', schema: { type: 'integer' } }] }, '/x': { post: { operationId: 'a.very.long.operation.id.that.goes.on.and.on.and.on.forever' } } } });
    const { functions } = validateSpec(spec);
    expect(functions.map((fn) => fn.function.name)).toEqual(['get__pets__id_', 'a_very_long_operation_id_that_goes_on_and_on_a']);
    expect(functions[0].function.parameters.required).toEqual(['id']);
    for (const fn of functions) expect(actionFunctionName(fn.function.name, 'a.example')).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });
});

describe('action function names', () => {
  it("encodes the domain in 10 characters or fewer, as LibreChat's Azure encoding", () => {
    expect(encodeActionDomain('a.io')).toBe('a---io');
    expect(encodeActionDomain('a.example')).toHaveLength(10);
    expect(encodeActionDomain('api.weather.example.com')).toHaveLength(10);
    expect(encodeActionDomain('api.weather.example.com')).toMatch(/^[a-zA-Z0-9_-]+$/);
    const name = actionFunctionName('getWeather', 'api.weather.example.com');
    expect(splitActionFunctionName(name)).toEqual({ operationId: 'getWeather', encodedDomain: encodeActionDomain('api.weather.example.com') });
    expect(splitActionFunctionName('calculator')).toBeUndefined();
  });
});
