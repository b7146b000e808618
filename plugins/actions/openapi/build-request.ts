import type { ActionCall } from '../../../core/plugin-api/index.js';

/** The methods fetch sends; LibreChat sent fewer (no HEAD, OPTIONS) and refused the rest the same way. */
const sendable = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

export interface BuiltRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value));

function appendQuery(url: URL, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, asText(item));
  else url.searchParams.append(name, asText(value));
}

function formBody(value: unknown): string {
  const form = new URLSearchParams();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) if (item !== undefined && item !== null) form.append(key, asText(item));
  }
  return form.toString();
}

/**
 * The HTTP request of one call (reference §3.6, with chatbox's differences): `{name}` path
 * placeholders filled with the encoded argument, query and header parameters where the spec puts
 * them, `requestBody` encoded as the operation declares (JSON, or a form), and, as LibreChat did for
 * GET, arguments the spec does not declare sent as query parameters. The URL resolves the path
 * against the server URL the WHATWG way, as LibreChat's did.
 */
export function buildRequest({ operation, input }: Pick<ActionCall, 'operation' | 'input'>): BuiltRequest {
  const method = operation.method.toUpperCase();
  if (!sendable.has(method)) throw new Error(`Unsupported HTTP method: ${operation.method}`);
  const rest: Record<string, unknown> = { ...input };
  const path = operation.path.replace(/\{([^}]+)\}/g, (placeholder, name: string) => {
    if (!(name in rest)) throw new Error(`Missing the path parameter "${name}"`);
    const value = asText(rest[name]);
    delete rest[name];
    return encodeURIComponent(value);
  });
  // A server URL with a path (`https://h/v1`) keeps it: the spec's paths are relative to the server.
  const url = new URL(`${operation.serverUrl}${path.startsWith('/') ? path : `/${path}`}`);
  const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.8' };
  for (const parameter of operation.parameters) {
    if (!(parameter.name in rest)) continue;
    const value = rest[parameter.name];
    delete rest[parameter.name];
    if (parameter.in === 'query') appendQuery(url, parameter.name, value);
    else if (parameter.in === 'header' && value !== undefined && value !== null) headers[parameter.name.toLowerCase()] = asText(value);
  }
  const requestBody = rest.requestBody;
  delete rest.requestBody;
  let body: string | undefined;
  if (method !== 'GET' && method !== 'HEAD' && operation.requestBodyMediaType) {
    const form = operation.requestBodyMediaType.includes('x-www-form-urlencoded');
    // A model that spread the body's fields at the top level still means them as the body.
    const payload = requestBody ?? (Object.keys(rest).length > 0 ? rest : undefined);
    if (payload !== undefined) {
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : operation.requestBodyMediaType.includes('json') ? 'application/json' : operation.requestBodyMediaType;
      body = form ? formBody(payload) : typeof payload === 'string' && !operation.requestBodyMediaType.includes('json') ? payload : JSON.stringify(payload);
    }
    if (requestBody !== undefined) for (const [name, value] of Object.entries(rest)) appendQuery(url, name, value);
  } else {
    for (const [name, value] of Object.entries(rest)) appendQuery(url, name, value);
  }
  return { url, method, headers, ...(body === undefined ? {} : { body }) };
}
