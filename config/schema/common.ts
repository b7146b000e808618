import { z } from 'zod';
import { reservedEndpointNames, type CatalogueEndpointName } from '../../core/protocol/endpoint-catalogue.js';

/** The endpoint names LibreChat reserves (the endpoint catalogue's); a custom endpoint may not take one (it would shadow the built-in route). */
export const builtInEndpoints = reservedEndpointNames;

export type BuiltInEndpoint = CatalogueEndpointName;

/**
 * How LibreChat asks for a conversation title: a plain completion, a function call or (config 1.2+)
 * structured output. chatbox always asks with a plain completion; the title is the same kind of text.
 */
export const titleMethodSchema = z.enum(['completion', 'functions', 'structured']);

/** A model of a list: its name, or (config 1.2+) `{ name, description }`; chatbox keeps the name. */
const modelItemSchema = z
  .union([z.string().min(1), z.object({ name: z.string().min(1), description: z.string().optional() })], {
    error: 'expected a model name or { name, description }',
  })
  .transform((item) => (typeof item === 'string' ? item : item.name));

/** `models` of a custom or assistants endpoint: the list shown to users, optionally refreshed from `/models`. */
export const modelListSchema = z.strictObject({
  default: z.array(modelItemSchema).min(1, { error: 'a model list needs at least one entry' }),
  fetch: z.boolean().optional(),
  userIdQuery: z.boolean().optional(),
});

/**
 * HTTP headers sent upstream; values may be `${ENV}` (already resolved by interpolation). YAML reads
 * `X-Version: 2` as a number; LibreChat accepts that, so it is sent as the text it was written as.
 */
export const headersSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String));

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
