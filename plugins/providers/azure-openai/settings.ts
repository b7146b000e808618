import { z } from 'zod';
import { connectionSettingsShape } from '../../shared/connection-settings.js';

/** `true` inherits the group's deployment and version; an object overrides them for this model. */
const azureModelSchema = z.union([z.literal(true), z.object({ deploymentName: z.string().optional(), version: z.string().optional() })]);

/**
 * One group of `endpoints.azureOpenAI.groups` (librechat.yaml 1.0.6), taken as is from the yaml:
 * - `apiKey`: the resource key, sent as the `api-key` header.
 * - `instanceName` + `deploymentName` + `version` → https://{instanceName}.openai.azure.com/openai/deployments/{deploymentName}.
 * - `baseURL`: replaces that URL; `${INSTANCE_NAME}` and `${DEPLOYMENT_NAME}` are substituted, and a
 *   trailing `/chat/completions` is ignored (LibreChat's documented serverless form includes it).
 * - `serverless`: `baseURL` is a serverless inference endpoint (no deployment path; version optional).
 * - `additionalHeaders`, `addParams`, `dropParams`: merged into every request of the group.
 * - `models`: model name → `true` or `{deploymentName, version}`.
 */
export const azureGroupSettingsSchema = z.object({
  group: z.string(),
  apiKey: z.string(),
  instanceName: z.string().optional(),
  deploymentName: z.string().optional(),
  version: z.string().optional(),
  baseURL: z.string().optional(),
  serverless: z.boolean().optional(),
  additionalHeaders: z.record(z.string(), z.string()).optional(),
  addParams: z.record(z.string(), z.unknown()).optional(),
  dropParams: z.array(z.string()).optional(),
  models: z.record(z.string(), azureModelSchema),
});

/**
 * Settings of the azureOpenAI endpoint: `endpoints.azureOpenAI` of librechat.yaml can be passed as is
 * (title and summary keys are ignored here).
 * - `groups`: see azureGroupSettingsSchema; a model name selects its group.
 * - `models`: models offered when users bring their own Azure credentials and no group lists them.
 * - `timeoutMs`, `maxRetries`, `headers`: see connection-settings.
 */
export const azureOpenAISettingsSchema = z.object({
  groups: z.array(azureGroupSettingsSchema).default([]),
  models: z.array(z.string()).optional(),
  ...connectionSettingsShape,
});

export type AzureGroupSettings = z.output<typeof azureGroupSettingsSchema>;
export type AzureOpenAISettings = z.input<typeof azureOpenAISettingsSchema>;
export type ResolvedAzureOpenAISettings = z.output<typeof azureOpenAISettingsSchema>;
