import { describe, expect, it } from 'vitest';
import type { ActionOperation } from '../../../core/plugin-api/index.js';
import { buildRequest } from './build-request.js';

const operation = (patch: Partial<ActionOperation>): ActionOperation => ({ operationId: 'op', method: 'GET', serverUrl: 'https://api.example.com/v1', path: '/items/{id}', parameters: [{ name: 'id', in: 'path', required: true }], ...patch });

describe('buildRequest', () => {
  it('fills and encodes path parameters, keeps the server path, and sends other GET arguments as the query', () => {
    const built = buildRequest({ operation: operation({ parameters: [{ name: 'id', in: 'path', required: true }, { name: 'tags', in: 'query', required: false }] }), input: { id: 'a/b c', tags: ['x', 'y'], extra: 3 } });
    expect(built.url.href).toBe('https://api.example.com/v1/items/a%2Fb%20c?tags=x&tags=y&extra=3');
    expect(built.method).toBe('GET');
    expect(built.body).toBeUndefined();
  });

  it('puts header parameters in headers, and a JSON body next to query parameters', () => {
    const built = buildRequest({
      operation: operation({ method: 'PATCH', parameters: [{ name: 'id', in: 'path', required: true }, { name: 'X-Trace', in: 'header', required: false }, { name: 'dry', in: 'query', required: false }], requestBodyMediaType: 'application/json' }),
      input: { id: 7, 'X-Trace': 't-1', dry: false, requestBody: { name: 'n' } },
    });
    expect(built.url.search).toBe('?dry=false');
    expect(built.headers).toMatchObject({ 'x-trace': 't-1', 'content-type': 'application/json' });
    expect(built.body).toBe('{"name":"n"}');
  });

  it('sends a body spread at the top level as the body, form-encoded when the operation says so', () => {
    const built = buildRequest({ operation: operation({ method: 'POST', path: '/subscribe', parameters: [], requestBodyMediaType: 'application/x-www-form-urlencoded' }), input: { email: 'a@b.c', lists: 'news' } });
    expect(built.body).toBe('email=a%40b.c&lists=news');
    expect(built.url.search).toBe('');
  });

  it('refuses a method it cannot send and a missing path parameter', () => {
    expect(() => buildRequest({ operation: operation({ method: 'TRACE' }), input: { id: 1 } })).toThrow('Unsupported HTTP method: TRACE');
    expect(() => buildRequest({ operation: operation({}), input: {} })).toThrow('Missing the path parameter "id"');
  });
});
