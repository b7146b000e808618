import type { PluginLogger } from './plugin-logger.js';

/**
 * Runs OpenAPI actions: core parses the spec (core/protocol, pure) into operations the model can
 * call; when the model calls one, the executor builds the HTTP request from the operation and the
 * model's arguments and returns the response. Only the executor talks to the network.
 */

/** Where an operation parameter goes. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** One parameter of an operation, from the spec. */
export interface OperationParameter {
  /** The name in the spec, also the argument name the model uses. */
  name: string;
  /** Where it goes in the request. */
  in: ParameterLocation;
  /** Whether the spec requires it. */
  required: boolean;
}

/** One operation of an OpenAPI spec, as the parser resolved it. */
export interface ActionOperation {
  /** The spec's operationId: the function name the model calls. */
  operationId: string;
  /** The HTTP method, upper case, as the spec lists it; the executor refuses one it cannot send ('Unsupported HTTP method'). */
  method: string;
  /** The server URL from the spec (`servers[0].url`), without a trailing slash. */
  serverUrl: string;
  /** The path template, with `{name}` placeholders for path parameters. */
  path: string;
  /** The path, query, header and cookie parameters. */
  parameters: OperationParameter[];
  /** The media type of the request body when the operation takes one ('application/json' …). */
  requestBodyMediaType?: string;
}

/** How the action authenticates, as its owner configured it. */
export type ActionAuth =
  | { type: 'none' }
  /** An API key sent as `Authorization: Basic|Bearer <key>` or in a custom header. */
  | { type: 'api_key'; key: string; scheme: 'basic' | 'bearer' | 'custom'; headerName?: string }
  /** OAuth 2 client credentials: the executor fetches (and caches) a token from the token URL. */
  | {
      type: 'oauth_client_credentials';
      tokenUrl: string;
      clientId: string;
      clientSecret: string;
      scope?: string;
      /** `default_post`: id and secret in the form body; `basic_auth_header`: in an `Authorization: Basic` header. */
      exchange: 'default_post' | 'basic_auth_header';
    };

/** One call of an operation. */
export interface ActionCall {
  /** The operation to call. */
  operation: ActionOperation;
  /** The model's arguments: parameters by name, plus `requestBody` for the body. */
  input: Record<string, unknown>;
  /** The configured authentication. */
  auth: ActionAuth;
}

/** What the operation answered. */
export interface ActionResponse {
  /** The HTTP status. */
  status: number;
  /** The response's media type, when given. */
  contentType?: string;
  /** The body as text, cut to a size the model can take. */
  body: string;
}

/** What the executor gets for one call besides the call itself. */
export interface ActionContext {
  /** Fires when the turn is stopped; the HTTP request is cancelled. */
  signal: AbortSignal;
  /** The SSRF-guarded fetch: spec URLs come from users. The token request of OAuth goes through it too. */
  fetch: typeof globalThis.fetch;
  /** Where the executor writes what the operator may need (a refreshed token, a retried call). */
  log?: PluginLogger;
}

/** The `action-executor` plugin: turns an operation call into an HTTP request and its response. */
export interface ActionExecutor {
  /**
   * Builds the request (path placeholders filled, query and headers set, body encoded, auth applied),
   * sends it and returns the response, whatever its status; rejects only when no response came.
   */
  execute(call: ActionCall, context: ActionContext): Promise<ActionResponse>;
}
