import { z } from 'zod';
import { agentsEndpointSchema } from './agents.js';
import { assistantsEndpointSchema } from './assistants.js';
import { azureEndpointSchema } from './azure.js';
import { allEndpointsSchema, anthropicEndpointSchema, builtInEndpointSchema } from './built-in.js';
import { customEndpointsSchema } from './custom.js';

const endpointsObjectSchema = z.strictObject({
  all: allEndpointsSchema.optional(),
  openAI: builtInEndpointSchema.optional(),
  google: builtInEndpointSchema.optional(),
  anthropic: anthropicEndpointSchema.optional(),
  azureOpenAI: azureEndpointSchema.optional(),
  assistants: assistantsEndpointSchema.optional(),
  custom: customEndpointsSchema.optional(),
  agents: agentsEndpointSchema.optional(),
});

const atLeastOneField = 'At least one `endpoints` field must be provided.';

/**
 * `endpoints`. The "at least one field" rule looks at the raw keys, so a file holding only keys of a
 * newer config version gets unknown-key warnings rather than an error.
 */
export const endpointsSchema = z.preprocess((value, context) => {
  const isEmpty = value === null || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
  if (isEmpty) {
    context.addIssue({ code: 'custom', message: atLeastOneField, input: value });
    return z.NEVER;
  }
  return value;
}, endpointsObjectSchema);

export type EndpointsConfig = z.output<typeof endpointsObjectSchema>;

export { agentsEndpointSchema, agentStepLimit, DEFAULT_AGENT_STEPS, type AgentsEndpointConfig } from './agents.js';
export { customEndpointSchema, customEndpointProviders, type CustomEndpointConfig } from './custom.js';
export {
  allEndpointsSchema,
  anthropicEndpointSchema,
  builtInEndpointSchema,
  type AnthropicEndpointConfig,
  type BuiltInEndpointConfig,
  type SharedEndpointConfig,
} from './built-in.js';
export { azureEndpointSchema, azureGroupSchema, type AzureEndpointConfig, type AzureGroupConfig } from './azure.js';
export {
  assistantsEndpointSchema,
  assistantCapabilities,
  type AssistantCapability,
  type AssistantsEndpointConfig,
} from './assistants.js';
