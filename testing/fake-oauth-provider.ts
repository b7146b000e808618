import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderEndpoints } from '../core/auth/oauth/provider-descriptor.js';
import { defaultFakeUser, profileShapes, type FakeOAuthUser } from './fake-oauth/profile-shapes.js';

export type { FakeOAuthUser } from './fake-oauth/profile-shapes.js';

export interface FakeTokenRequest {
  clientId: string;
  /** How the client authenticated: HTTP Basic or form fields. */
  clientAuthentication: 'header' | 'body';
  code: string;
  redirectUri: string;
  codeVerifier: string | null;
  /** The OAuth error the fake answered, or null when it issued a token. */
  error: string | null;
}

export interface FakeOAuthProviderOptions {
  clientId?: string;
  clientSecret?: string;
  user?: Partial<FakeOAuthUser>;
  /** Fields to change in the OIDC discovery document (e.g. a wrong issuer). */
  discovery?: Record<string, unknown>;
}

export interface FakeOAuthProvider {
  /** http://127.0.0.1:<port>; also the OIDC issuer. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The account /authorize signs in, with immediate consent. Replace it between flows. */
  user: FakeOAuthUser;
  /** When set, /authorize answers error=access_denied as if the user refused. */
  denyConsent: boolean;
  authorizeRequests: URLSearchParams[];
  tokenRequests: FakeTokenRequest[];
  /** The overrides that point a non-OIDC provider at this fake. */
  endpoints(): ProviderEndpoints;
  close(): Promise<void>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  user: FakeOAuthUser;
}

const randomToken = () => randomBytes(18).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * A loopback OAuth 2 / OpenID Connect provider for tests: /authorize consents at once and redirects
 * back with a code; /token checks the client, the code, the redirect_uri and the PKCE verifier the
 * way real providers do; the profile endpoints answer in GitHub, Google, Discord, Facebook and OIDC
 * shapes; /.well-known/openid-configuration describes it as an issuer.
 */
export async function startFakeOAuthProvider(options: FakeOAuthProviderOptions = {}): Promise<FakeOAuthProvider> {
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, FakeOAuthUser>();

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => sendJson(response, 500, { error: 'server_error', error_description: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeOAuthProvider = {
    url,
    clientId: options.clientId ?? 'fake-client-id',
    clientSecret: options.clientSecret ?? 'fake-client-secret',
    user: { ...defaultFakeUser, ...options.user },
    denyConsent: false,
    authorizeRequests: [],
    tokenRequests: [],
    endpoints: () => ({ authorizeUrl: `${url}/authorize`, tokenUrl: `${url}/token`, apiBaseUrl: url }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestUrl = new URL(request.url ?? '/', url);
    if (request.method === 'GET' && requestUrl.pathname === '/authorize') return authorize(requestUrl.searchParams, response);
    if (request.method === 'POST' && requestUrl.pathname === '/token') return token(request, response);
    if (request.method === 'GET' && requestUrl.pathname === '/.well-known/openid-configuration') return sendJson(response, 200, discoveryDocument());
    const shape = profileShapes[requestUrl.pathname];
    if (request.method === 'GET' && shape) {
      const user = accessTokens.get((request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
      if (!user) return sendJson(response, 401, { error: 'invalid_token' });
      return sendJson(response, 200, shape(user, requestUrl.searchParams));
    }
    sendJson(response, 404, { error: 'not_found' });
  }

  function authorize(query: URLSearchParams, response: ServerResponse): void {
    fake.authorizeRequests.push(query);
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== fake.clientId || !redirectUri || query.get('response_type') !== 'code') {
      return sendJson(response, 400, { error: 'invalid_request' });
    }
    const back = new URL(redirectUri);
    const state = query.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const method = query.get('code_challenge_method');
    if (fake.denyConsent) {
      back.searchParams.set('error', 'access_denied');
    } else if (query.has('code_challenge') && method !== 'S256') {
      back.searchParams.set('error', 'invalid_request');
    } else {
      const code = randomToken();
      codes.set(code, { clientId: fake.clientId, redirectUri, codeChallenge: query.get('code_challenge'), user: { ...fake.user } });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.toString() }).end();
  }

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readForm(request);
    const basic = parseBasic(request.headers.authorization);
    const client = basic ?? { id: body.get('client_id') ?? '', secret: body.get('client_secret') ?? '' };
    const record: FakeTokenRequest = {
      clientId: client.id,
      clientAuthentication: basic ? 'header' : 'body',
      code: body.get('code') ?? '',
      redirectUri: body.get('redirect_uri') ?? '',
      codeVerifier: body.get('code_verifier'),
      error: null,
    };
    fake.tokenRequests.push(record);
    const refuse = (status: number, error: string) => {
      record.error = error;
      sendJson(response, status, { error });
    };
    if (client.id !== fake.clientId || client.secret !== fake.clientSecret) return refuse(401, 'invalid_client');
    if (body.get('grant_type') !== 'authorization_code') return refuse(400, 'unsupported_grant_type');
    const issued = codes.get(record.code);
    codes.delete(record.code);
    if (!issued || issued.redirectUri !== record.redirectUri) return refuse(400, 'invalid_grant');
    if (issued.codeChallenge !== null && (record.codeVerifier === null || s256(record.codeVerifier) !== issued.codeChallenge)) {
      return refuse(400, 'invalid_grant');
    }
    const accessToken = randomToken();
    accessTokens.set(accessToken, issued.user);
    sendJson(response, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: 'openid profile email' });
  }

  function discoveryDocument() {
    return {
      issuer: url,
      authorization_endpoint: `${url}/authorize`,
      token_endpoint: `${url}/token`,
      userinfo_endpoint: `${url}/userinfo`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      ...options.discovery,
    };
  }

  return fake;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((request.headers['content-type'] ?? '').includes('application/json')) {
    return new URLSearchParams(Object.entries(JSON.parse(text || '{}') as Record<string, string>));
  }
  return new URLSearchParams(text);
}

/** HTTP Basic as RFC 6749 §2.3.1 has it: id and secret form-encoded, then base64. */
function parseBasic(header: string | undefined): { id: string; secret: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const decode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
  return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
}
