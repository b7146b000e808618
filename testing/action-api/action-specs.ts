/** The weather API in JSON, with `$ref`s into components (parameters and schemas). */
export function weatherSpecJson(baseUrl: string): string {
  return JSON.stringify(
    {
      openapi: '3.1.0',
      info: { title: 'Weather', version: '1.0.0' },
      servers: [{ url: `${baseUrl}/v1` }],
      paths: {
        '/weather/{city}': {
          get: {
            operationId: 'getWeather',
            summary: 'Current weather in a city',
            parameters: [{ name: 'city', in: 'path', required: true, schema: { type: 'string' }, description: 'City name' }, { $ref: '#/components/parameters/Units' }],
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Weather' } } } } },
          },
        },
        '/big': { get: { operationId: 'getBig', responses: { '200': { description: 'ok' } } } },
        '/missing': { get: { operationId: 'getMissing', responses: { '404': { description: 'gone' } } } },
      },
      components: {
        parameters: { Units: { name: 'units', in: 'query', required: false, schema: { type: 'string', enum: ['metric', 'imperial'] } } },
        schemas: { Weather: { type: 'object', properties: { city: { type: 'string' }, temperature: { type: 'number' } } } },
      },
    },
    null,
    2,
  );
}

/** A notes API in YAML: JSON and form bodies, path parameters next to a body, DELETE. */
export function notesSpecYaml(baseUrl: string): string {
  return `openapi: 3.0.3
info:
  title: Notes
  version: 1.0.0
servers:
  - url: ${baseUrl}/v1
paths:
  /notes/{folder}:
    post:
      operationId: createNote
      summary: Create a note in a folder
      parameters:
        - name: folder
          in: path
          required: true
          schema: { type: string }
        - name: draft
          in: query
          schema: { type: boolean }
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Note'
      responses:
        '200': { description: ok }
  /notes/{folder}/{id}:
    delete:
      operationId: deleteNote
      parameters:
        - { name: folder, in: path, required: true, schema: { type: string } }
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200': { description: ok }
  /subscribe:
    put:
      operationId: subscribe
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                email: { type: string }
      responses:
        '200': { description: ok }
components:
  schemas:
    Note:
      type: object
      required: [title]
      properties:
        title: { type: string }
        tags: { type: array, items: { type: string } }
`;
}
