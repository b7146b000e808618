import { z } from 'zod';
import { endpointsSchema } from './endpoints/index.js';
import { fileConfigSchema } from './file-config.js';
import { interfaceSchema } from './interface.js';
import { modelSpecsSchema } from './model-specs.js';
import { rateLimitsSchema } from './rate-limits.js';
import { registrationSchema } from './registration.js';
import { ssrfSchema } from './ssrf.js';
import { versionSchema } from './version.js';

/**
 * librechat.yaml, config version 1.0.x. Every object is strict: the validator turns unknown keys
 * into warnings (see validate.ts), so typos surface without making newer files unusable.
 */
export const configSchema = z.strictObject({
  version: versionSchema,
  /** false: LibreChat re-reads the file on every access; chatbox keeps the flag for callers that care. */
  cache: z.boolean().default(true),
  fileStrategy: z.enum(['local', 'firebase', 'openai', 's3']).default('local'),
  /** Serve `/images/*` only to signed-in users (cookie checked). */
  secureImageLinks: z.boolean().default(false),
  imageOutputType: z.enum(['png', 'webp', 'jpeg']).default('png'),
  interface: interfaceSchema.optional(),
  registration: registrationSchema.prefault({}),
  rateLimits: rateLimitsSchema.optional(),
  fileConfig: fileConfigSchema.optional(),
  endpoints: endpointsSchema.optional(),
  modelSpecs: modelSpecsSchema.optional(),
  ssrf: ssrfSchema.prefault({}),
});

export type LibreChatConfig = z.output<typeof configSchema>;

export { SUPPORTED_CONFIG_VERSION, isNewerThanSupported } from './version.js';
export { builtInEndpoints, type BuiltInEndpoint } from './common.js';
export { interfaceSchema, type InterfaceConfig } from './interface.js';
export { registrationSchema, socialLoginProviders, type RegistrationConfig, type SocialLoginProvider } from './registration.js';
export { rateLimitsSchema, type RateLimitsConfig } from './rate-limits.js';
export { fileConfigSchema, endpointFileConfigSchema, type FileConfig, type EndpointFileConfig } from './file-config.js';
export { ssrfSchema, type SsrfConfig } from './ssrf.js';
export * from './endpoints/index.js';
