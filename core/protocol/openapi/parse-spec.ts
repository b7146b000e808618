import { parse as parseYaml } from 'yaml';
import { resolveRefs } from './resolve-refs.js';

/** Spec 001 §5's messages, word for word (the editor shows them; LibreChat's client matches on them). */
export const specMessages = {
  valid: 'OpenAPI spec is valid.',
  noServer: 'Could not find a valid URL in `servers`',
  noPaths: 'No paths found in the OpenAPI spec.',
  unparsable: 'Error parsing OpenAPI spec.',
} as const;

/** The methods an OpenAPI path item may hold; anything else under a path (`parameters`, `summary`) is not an operation. */
const operationKeys = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** `<operationId>_action_<10 characters>` must fit the 64 characters every provider accepts. */
export const OPERATION_NAME_MAX = 46;

/** Where an operation's parameter goes in the request. */
export type OperationParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** One operation, as the executor needs it (structurally plugin-api's ActionOperation). */
export interface ParsedOperation {
  /** The function name the model calls (before `_action_<domain>`). */
  operationId: string;
  /** Upper case, as the spec lists it. */
  method: string;
  /** `servers[0].url` without a trailing slash. */
  serverUrl: string;
  path: string;
  parameters: { name: string; in: OperationParameterLocation; required: boolean }[];
  /** The first media type of the request body, when the operation has one. */
  requestBodyMediaType?: string;
}

/** A function the model may call, in OpenAI's shape. */
export interface ActionFunctionDto {
  type: 'function';
  function: { name: string; description: string; parameters: { type: 'object'; properties: Record<string, unknown>; required: string[] } };
}

export interface SpecValidation {
  /** False: nothing can be saved; `message` says why (one problem a line). */
  status: boolean;
  message: string;
  /** `servers[0].url` (no trailing slash) and its host, when the spec is valid. */
  serverUrl?: string;
  domain?: string;
  functions: ActionFunctionDto[];
  operations: ParsedOperation[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** JSON first, then YAML (which also reads JSON with comments or trailing commas): LibreChat's order. */
export function parseSpecText(text: string): Json | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    try {
      const parsed: unknown = parseYaml(text);
      return isObject(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
}

/** A name every provider accepts: letters, digits, `_` and `-`, at most OPERATION_NAME_MAX characters. */
export function sanitizeOperationName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, OPERATION_NAME_MAX) || 'operation';
}

function serverUrlOf(spec: Json): URL | undefined {
  const servers = spec.servers;
  const first: unknown = Array.isArray(servers) ? servers[0] : undefined;
  if (!isObject(first) || typeof first.url !== 'string') return undefined;
  try {
    const url = new URL(first.url);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url : undefined;
  } catch {
    return undefined;
  }
}

const isLocation = (value: unknown): value is OperationParameterLocation => value === 'path' || value === 'query' || value === 'header' || value === 'cookie';

/**
 * Validates a pasted spec and turns its operations into functions (LibreChat's
 * validateAndParseOpenAPISpec + openapiToFunction, reference §3.1–3.2), with chatbox's differences:
 * names are sanitised, every `$ref` is followed, and path and query parameters stay visible to the
 * model next to a `requestBody` property.
 */
export function validateSpec(text: string): SpecValidation {
  const refused = (message: string): SpecValidation => ({ status: false, message, functions: [], operations: [] });
  const spec = parseSpecText(text);
  if (!spec) return refused(specMessages.unparsable);
  const url = serverUrlOf(spec);
  if (!url) return refused(specMessages.noServer);
  if (!isObject(spec.paths) || Object.keys(spec.paths).length === 0) return refused(specMessages.noPaths);
  const serverUrl = url.href.replace(/\/+$/, '');
  const warnings: string[] = [];
  const functions: ActionFunctionDto[] = [];
  const operations: ParsedOperation[] = [];
  const names = new Set<string>();
  for (const [path, item] of Object.entries(spec.paths)) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of operationKeys) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const where = ['paths', path, method];
      const resolved = resolveRefs(spec, operation, where, warnings);
      if (!isObject(resolved)) continue;
      let name = sanitizeOperationName(typeof resolved.operationId === 'string' ? resolved.operationId : `${method}_${path}`);
      for (let suffix = 2; names.has(name); suffix += 1) name = `${name.slice(0, OPERATION_NAME_MAX - String(suffix).length - 1)}_${suffix}`;
      names.add(name);

      const properties: Record<string, unknown> = {};
      const required: string[] = [];
      const parameters: ParsedOperation['parameters'] = [];
      const ownParameters = Array.isArray(resolved.parameters) ? resolved.parameters : [];
      const all = [...(resolveRefs(spec, shared, where, warnings) as unknown[]), ...ownParameters];
      for (const parameter of all) {
        if (!isObject(parameter) || typeof parameter.name !== 'string' || !isLocation(parameter.in) || parameter.in === 'cookie') continue;
        // An operation's own parameter overrides the path item's of the same name and place.
        const index = parameters.findIndex((known) => known.name === parameter.name && known.in === parameter.in);
        const entry = { name: parameter.name, in: parameter.in, required: parameter.required === true || parameter.in === 'path' };
        if (index >= 0) parameters[index] = entry;
        else parameters.push(entry);
        const schema = isObject(parameter.schema) ? { ...parameter.schema } : { type: 'string' };
        properties[parameter.name] = typeof parameter.description === 'string' ? { ...schema, description: parameter.description } : schema;
      }
      for (const parameter of parameters) if (parameter.required && !required.includes(parameter.name)) required.push(parameter.name);

      let requestBodyMediaType: string | undefined;
      const body = resolved.requestBody;
      if (isObject(body) && isObject(body.content)) {
        const [mediaType, media] = Object.entries(body.content)[0] ?? [];
        if (mediaType) {
          requestBodyMediaType = mediaType;
          properties.requestBody = isObject(media) && isObject(media.schema) ? media.schema : { type: 'object' };
          if (body.required === true) required.push('requestBody');
        }
      }
      const description = typeof resolved.summary === 'string' ? resolved.summary : typeof resolved.description === 'string' ? resolved.description : '';
      functions.push({ type: 'function', function: { name, description, parameters: { type: 'object', properties, required } } });
      operations.push({ operationId: name, method: method.toUpperCase(), serverUrl, path, parameters, ...(requestBodyMediaType ? { requestBodyMediaType } : {}) });
    }
  }
  if (functions.length === 0) return refused(specMessages.noPaths);
  return { status: true, message: warnings.length > 0 ? warnings.join('\n') : specMessages.valid, serverUrl, domain: url.hostname, functions, operations };
}
