/** The editor's examples (LibreChat's names; it never inserted them): written for chatbox. */
export const exampleSpecs = {
  weather: JSON.stringify(
    {
      openapi: '3.1.0',
      info: { title: 'Weather', description: 'Current weather and forecasts for a city.', version: '1.0.0' },
      servers: [{ url: 'https://weather.example.com/v1' }],
      paths: {
        '/current/{city}': {
          get: {
            operationId: 'getCurrentWeather',
            summary: 'Current weather in a city',
            parameters: [
              { name: 'city', in: 'path', required: true, description: 'City name, e.g. Paris', schema: { type: 'string' } },
              { name: 'units', in: 'query', description: 'metric or imperial', schema: { type: 'string', enum: ['metric', 'imperial'] } },
            ],
            responses: { '200': { description: 'The weather', content: { 'application/json': { schema: { $ref: '#/components/schemas/Weather' } } } } },
          },
        },
      },
      components: { schemas: { Weather: { type: 'object', properties: { city: { type: 'string' }, temperature: { type: 'number' }, conditions: { type: 'string' } } } } },
    },
    null,
    2,
  ),
  petstore: `openapi: 3.0.3
info:
  title: Pet Store
  description: List, read and add the pets of a store.
  version: 1.0.0
servers:
  - url: https://petstore.example.com/api
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      parameters:
        - name: limit
          in: query
          schema: { type: integer, maximum: 100 }
      responses:
        '200': { description: A list of pets }
    post:
      operationId: createPet
      summary: Add a pet
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Pet'
      responses:
        '201': { description: Created }
  /pets/{petId}:
    get:
      operationId: getPet
      summary: One pet by id
      parameters:
        - name: petId
          in: path
          required: true
          schema: { type: string }
      responses:
        '200': { description: The pet }
components:
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        name: { type: string }
        tag: { type: string }
`,
  blank: JSON.stringify(
    { openapi: '3.1.0', info: { title: 'Untitled', description: '', version: '1.0.0' }, servers: [{ url: '' }], paths: {}, components: { schemas: {} } },
    null,
    2,
  ),
} as const;

export type ExampleName = keyof typeof exampleSpecs;
