import { z } from 'zod';
import { isEnvReference, isUserProvided } from '../../interpolate.js';
import {
  addParamsSchema,
  always,
  builtInEndpoints,
  dropParamsSchema,
  headersSchema,
  modelListSchema,
  titleMethodSchema,
  upstreamTimeoutSchema,
} from '../common.js';
import { sharedEndpointShape } from './built-in.js';

const reserved = new Set<string>(builtInEndpoints);

/**
 * `provider` (config 1.3): which client talks to the endpoint. Absent or `openai`: OpenAI-compatible
 * chat completions; the name of a provider plugin with `customEndpoint`: that plugin (`anthropic`: the
 * native Messages API). Other names are listed as ignored and the endpoint stays OpenAI-compatible.
 * `chatbox serve` and `config check` pass the registered plugins' names (ValidateOptions); this list is
 * only the default for callers without plugins (config's own tests, the admin commands, which print
 * no config warnings), so a new provider plugin needs no line here.
 */
export const customEndpointProviders = ['openai', 'anthropic'] as const;

const endpointNameSchema = z
  .string()
  .min(1)
  .refine((name) => !reserved.has(name), { error: 'Value cannot be one of the default endpoint values' });

/** Either `user_provided`, an unresolved `${VAR}` (already a warning) or an http(s) URL. */
const baseUrlSchema = z
  .string()
  .min(1)
  .refine((value) => isUserProvided(value) || isEnvReference(value) || isHttpUrl(value), {
    error: 'expected an http(s) URL, `${ENV_VAR}` or user_provided',
  });

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** One OpenAI-compatible provider of `endpoints.custom`. */
export const customEndpointSchema = z.strictObject({
  name: endpointNameSchema,
  /** Literal, `${ENV_VAR}` or `user_provided`. */
  apiKey: z.string().min(1, { error: 'must not be empty (use user_provided to let each user enter one)' }),
  baseURL: baseUrlSchema,
  models: modelListSchema,
  titleConvo: z.boolean().optional(),
  titleMethod: titleMethodSchema.optional(),
  titleModel: z.string().optional(),
  /** Summarise the history that no longer fits instead of dropping it. */
  summarize: z.boolean().optional(),
  summaryModel: z.string().optional(),
  /** Send a legacy `/completions` prompt instead of chat messages. */
  forcePrompt: z.boolean().optional(),
  /** Sender label of replies (default "AI"). */
  modelDisplayLabel: z.string().optional(),
  iconURL: z.string().optional(),
  customOrder: z.number().optional(),
  provider: z.string().min(1).optional(),
  streamRate: sharedEndpointShape.streamRate,
  timeoutMs: upstreamTimeoutSchema.optional(),
  headers: headersSchema.optional(),
  addParams: addParamsSchema.optional(),
  dropParams: dropParamsSchema.optional(),
});

/** The list; names must be unique because the name is how a request picks its endpoint. */
export const customEndpointsSchema = z.array(customEndpointSchema).superRefine((endpoints, context) => {
  if (!Array.isArray(endpoints)) return;
  const seen = new Set<string>();
  endpoints.forEach((endpoint: unknown, index) => {
    const name = (endpoint as { name?: unknown } | null)?.name;
    if (typeof name !== 'string') return;
    if (seen.has(name)) {
      context.addIssue({ code: 'custom', path: [index, 'name'], message: `duplicate custom endpoint name "${name}"` });
    }
    seen.add(name);
  });
}, always);

export type CustomEndpointConfig = z.output<typeof customEndpointSchema>;
