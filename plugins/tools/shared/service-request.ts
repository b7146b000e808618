import { z } from 'zod';
import type { ToolContext } from '../../../core/plugin-api/index.js';
import { readBodyPrefix } from './bounded-body.js';
import { fetchFailureMessage } from './fetch-failure.js';

/** One request to a search service, and how to read what it answers. */
export interface ServiceRequest {
  /** The service as error messages name it: "Google Custom Search". */
  service: string;
  url: URL;
  init?: RequestInit;
  /** Values that must never appear in an error message (keys sent in a query string or a header). */
  secrets: string[];
  /** The message of the service's own error body, when it has one. */
  describeError?: (body: unknown) => string | undefined;
  /** Statuses besides 2xx whose body is an answer rather than a failure (Wolfram|Alpha's 501 "not understood"). */
  answerStatuses?: readonly number[];
}

/** A search answer larger than this is cut: the model sees a bounded summary of it anyway. */
const MAX_RESPONSE_BYTES = 2_000_000;

/** The longest piece of a service's own error text an error message quotes. */
const MAX_DETAIL_CHARS = 300;

/**
 * Sends the request through the tool's guarded fetch with the turn's signal and answers the body as
 * text. A status that is not 2xx, or a service that cannot be reached, becomes an Error saying what
 * happened in words the model (and the user reading the tool block) can act on; a stop (the signal)
 * is rethrown unchanged, since nobody reads its message.
 */
export async function requestServiceText(context: ToolContext, request: ServiceRequest): Promise<string> {
  return (await requestServiceAnswer(context, request)).text;
}

/** requestServiceText with the status, for a service whose `answerStatuses` mean something. */
export async function requestServiceAnswer(context: ToolContext, request: ServiceRequest): Promise<{ status: number; text: string }> {
  let response: Response;
  try {
    response = await context.fetch(request.url, { ...request.init, signal: context.signal });
  } catch (error) {
    if (context.signal.aborted) throw error;
    // No cause kept: it may carry the URL, and a key in its query string, past the redaction.
    throw new Error(redact(fetchFailureMessage(error, request.service), request.secrets));
  }
  // A runaway answer is cut rather than refused: the model sees a bounded summary of it anyway.
  const text = new TextDecoder().decode((await readBodyPrefix(response, MAX_RESPONSE_BYTES, context.signal)).bytes);
  if (!response.ok && !request.answerStatuses?.includes(response.status)) throw new Error(redact(statusMessage(request, response.status, text), request.secrets));
  return { status: response.status, text };
}

/**
 * requestServiceText, then JSON read with `schema` (readServiceAnswer): a body that is not JSON (a
 * proxy's HTML page) or of another shape is an error of its own.
 */
export async function requestServiceJson<Schema extends z.ZodType>(context: ToolContext, request: ServiceRequest, schema: Schema): Promise<z.output<Schema>> {
  const text = await requestServiceText(context, request);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(redact(`${request.service} answered something that is not JSON: ${preview(text)}`, request.secrets));
  }
  return readServiceAnswer(request.service, schema, body);
}

function statusMessage(request: ServiceRequest, status: number, text: string): string {
  const detail = describeBody(request, text);
  const said = detail ? `: ${detail}` : '';
  if (status === 401 || status === 403) return `${request.service} refused the credentials (${status})${said}`;
  if (status === 429) return `${request.service} is limiting requests (429), try again later${said}`;
  if (status >= 500) return `${request.service} failed on its side (${status})${said}`;
  return `${request.service} answered ${status}${said}`;
}

function describeBody(request: ServiceRequest, text: string): string {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Plain text (Wolfram|Alpha) or an HTML error page: quoted as it is.
  }
  const described = request.describeError?.(body);
  return described ? preview(described) : typeof body === 'string' ? preview(body) : '';
}

const preview = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_DETAIL_CHARS ? `${flat.slice(0, MAX_DETAIL_CHARS)}…` : flat;
};

function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) if (secret !== '') result = result.replaceAll(secret, '***').replaceAll(encodeURIComponent(secret), '***');
  return result;
}

/**
 * Reads a service's JSON answer with a zod schema of the fields the tool uses: an answer of another
 * shape (an API version change, a proxy's JSON) is an error saying so, not a crash on `undefined`.
 */
export function readServiceAnswer<Schema extends z.ZodType>(service: string, schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`${service} answered in an unexpected shape: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`).join('; ')}`);
  return parsed.data;
}

/** The message of the common `{ error: { message } }` / `{ error: "…" }` error bodies. */
export function errorFieldMessage(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { error } = parsed.data;
  return typeof error === 'string' ? error : error.message;
}

const errorBodySchema = z.object({ error: z.union([z.string(), z.object({ message: z.string() })]) });
