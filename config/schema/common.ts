import { z } from 'zod';

/** The endpoint names LibreChat reserves; a custom endpoint may not take one (it would shadow the built-in route). */
export const builtInEndpoints = [
  'openAI',
  'azureOpenAI',
  'bingAI',
  'chatGPTBrowser',
  'google',
  'gptPlugins',
  'anthropic',
  'assistants',
  'custom',
] as const;

export type BuiltInEndpoint = (typeof builtInEndpoints)[number];

/** How a conversation title is produced: a plain completion or a function call. */
export const titleMethodSchema = z.enum(['completion', 'functions']);

/** `models` of a custom or assistants endpoint: the list shown to users, optionally refreshed from `/models`. */
export const modelListSchema = z.strictObject({
  default: z.array(z.string().min(1)).min(1, { error: 'a model list needs at least one entry' }),
  fetch: z.boolean().optional(),
  userIdQuery: z.boolean().optional(),
});

/** HTTP headers sent upstream; values may be `${ENV}` (already resolved by interpolation). */
export const headersSchema = z.record(z.string(), z.string());

/** Free-form request body fields merged over what chatbox sends. */
export const addParamsSchema = z.record(z.string(), z.unknown());

export const dropParamsSchema = z.array(z.string());

/**
 * Runs a refinement even when sibling fields failed, so that one pass reports every problem.
 * The value may then be partly invalid: refinements using this must check types themselves.
 */
export const always = { when: () => true } as const;


/**
 * An endpoint's `timeoutMs`: the longest silence from the upstream, in milliseconds, before a turn
 * fails with an error (default 120000). LibreChat documents it for `endpoints.assistants`; chatbox
 * reads it on custom and Azure endpoints too.
 */
export const upstreamTimeoutSchema = z.number().int().positive();
