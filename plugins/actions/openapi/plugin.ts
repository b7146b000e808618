import { z } from 'zod';
import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { createOpenApiExecutor } from './openapi-executor.js';

const settingsSchema = z.object({
  timeoutMs: z.number().int().positive().default(30_000),
  maxResponseChars: z.number().int().positive().default(16_000),
});

/** Runs OpenAPI actions (issue 19): auth none, API key, OAuth client credentials. */
export const openApiActionPlugin: PluginDefinition<'action-executor', z.output<typeof settingsSchema>> = {
  name: 'openapi',
  kind: 'action-executor',
  configSchema: settingsSchema,
  setup: ({ settings }) => createOpenApiExecutor(settings),
};
