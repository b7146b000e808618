import type { ChatProvider } from '../../../core/plugin-api/index.js';

/**
 * The assistants endpoint when it has no connection of its own: no `apiKey` (nor ASSISTANTS_API_KEY),
 * but `modelsFrom` names endpoints that lend it their models. It offers no model itself, so core
 * runs every assistant on a lending endpoint (it picks the endpoint that lists the model); a call
 * that reaches this endpoint anyway fails as a request for a model it does not have.
 */
export function createLentModelsOnlyProvider(name: string): ChatProvider {
  return {
    id: name,
    listModels: async () => [],
    async *stream(request) {
      yield {
        type: 'error',
        error: { kind: 'not_found', message: `The ${name} endpoint has no models of its own ("${request.model}" is offered by none of the endpoints modelsFrom names)`, isRetryable: false },
      };
    },
  };
}
