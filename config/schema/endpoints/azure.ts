import { z } from 'zod';
import { addParamsSchema, always, dropParamsSchema, headersSchema, titleMethodSchema, upstreamTimeoutSchema } from '../common.js';
import { sharedEndpointShape } from './built-in.js';

/** Per-model override: its own deployment and API version, and whether Assistants may use it. */
const azureModelOverrideSchema = z.strictObject({
  deploymentName: z.string().optional(),
  version: z.string().optional(),
  assistants: z.boolean().optional(),
});

/** `true` inherits the group's deployment and version. */
const azureModelSchema = z.union([z.literal(true), azureModelOverrideSchema], {
  error: 'expected true or an object with deploymentName / version / assistants',
});

/** One Azure resource (or serverless deployment) and the models it serves. */
export const azureGroupSchema = z
  .strictObject({
    group: z.string().min(1),
    apiKey: z.string().min(1),
    instanceName: z.string().optional(),
    deploymentName: z.string().optional(),
    version: z.string().optional(),
    baseURL: z.string().optional(),
    serverless: z.boolean().optional(),
    assistants: z.boolean().optional(),
    additionalHeaders: headersSchema.optional(),
    addParams: addParamsSchema.optional(),
    dropParams: dropParamsSchema.optional(),
    forcePrompt: z.boolean().optional(),
    models: z.record(z.string(), azureModelSchema),
  })
  .superRefine(checkDeployment, always);

/** Defensive about types: it runs even when other fields of the group failed, to report everything at once. */
function checkDeployment(group: Record<string, unknown>, context: z.RefinementCtx): void {
  if (group === null || typeof group !== 'object') return;
  if (group.serverless === true) {
    if (!group.baseURL) context.addIssue({ code: 'custom', path: ['baseURL'], message: 'required when serverless is true' });
    return;
  }
  if (!group.instanceName) {
    context.addIssue({ code: 'custom', path: ['instanceName'], message: 'required unless serverless is true' });
  }
  if (group.models === null || typeof group.models !== 'object') return;
  // A non-serverless request URL needs a deployment and an API version, from the model or the group.
  for (const [model, settings] of Object.entries(group.models)) {
    if (settings !== true && (settings === null || typeof settings !== 'object')) continue;
    const override: { deploymentName?: unknown; version?: unknown } = settings === true ? {} : settings;
    if (!(override.deploymentName ?? group.deploymentName)) {
      context.addIssue({ code: 'custom', path: ['models', model], message: 'no deploymentName on the model or its group' });
    }
    if (!(override.version ?? group.version)) {
      context.addIssue({ code: 'custom', path: ['models', model], message: 'no version on the model or its group' });
    }
  }
}

/** `endpoints.azureOpenAI`: groups plus the settings shared by all of them. */
export const azureEndpointSchema = z.strictObject({
  groups: z.array(azureGroupSchema).min(1, { error: 'at least one group is required' }).superRefine(checkUniqueNames, always),
  titleConvo: z.boolean().optional(),
  titleMethod: titleMethodSchema.optional(),
  titleModel: z.string().optional(),
  summarize: z.boolean().optional(),
  summaryModel: z.string().optional(),
  customOrder: z.number().optional(),
  streamRate: sharedEndpointShape.streamRate,
  timeoutMs: upstreamTimeoutSchema.optional(),
  /** Serve the Plugins endpoint through these groups. */
  plugins: z.boolean().optional(),
  /** Serve the Assistants endpoint through these groups. */
  assistants: z.boolean().optional(),
});

/** A model name picks its group at request time, so group names and model names must be unique. */
function checkUniqueNames(groups: unknown, context: z.RefinementCtx): void {
  if (!Array.isArray(groups)) return;
  const groupNames = new Set<string>();
  const modelGroups = new Map<string, string>();
  groups.forEach((group: { group?: unknown; models?: unknown } | null, index) => {
    if (typeof group?.group === 'string') {
      if (groupNames.has(group.group)) {
        context.addIssue({ code: 'custom', path: [index, 'group'], message: `duplicate group name "${group.group}"` });
      }
      groupNames.add(group.group);
    }
    if (group?.models === null || typeof group?.models !== 'object') return;
    for (const model of Object.keys(group.models)) {
      const owner = modelGroups.get(model);
      if (owner !== undefined) {
        context.addIssue({ code: 'custom', path: [index, 'models', model], message: `model "${model}" is already served by group "${owner}"` });
      } else {
        modelGroups.set(model, String(group.group ?? `#${index}`));
      }
    }
  });
}

export type AzureGroupConfig = z.output<typeof azureGroupSchema>;
export type AzureEndpointConfig = z.output<typeof azureEndpointSchema>;
