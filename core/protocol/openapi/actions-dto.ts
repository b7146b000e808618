import { z } from 'zod';
import type { ActionFunctionDto } from './parse-spec.js';

/** A raw spec the server takes (the JSON body limit allows more; a spec this long is a mistake). */
export const ACTION_SPEC_MAX = 512 * 1024;

export const actionAuthTypes = ['none', 'service_http', 'oauth'] as const;
export const authorizationTypes = ['basic', 'bearer', 'custom'] as const;
export const tokenExchangeMethods = ['default_post', 'basic_auth_header'] as const;

/** LibreChat's action `metadata.auth` (reference §3.4); secrets live next to it, never inside. */
export interface ActionAuthDto {
  type: (typeof actionAuthTypes)[number];
  authorization_type?: (typeof authorizationTypes)[number];
  custom_auth_header?: string;
  authorization_url?: string;
  client_url?: string;
  scope?: string;
  token_exchange_method?: (typeof tokenExchangeMethods)[number];
}

/** An action on the wire: LibreChat's record with the secrets taken out. */
export interface ActionDto {
  action_id: string;
  assistant_id: string;
  user: string;
  type: 'action_prototype';
  metadata: {
    domain: string;
    raw_spec: string;
    privacy_policy_url?: string;
    auth: ActionAuthDto;
  };
  createdAt: string;
  updatedAt: string;
}

const text = (name: string, max: number) => z.string({ message: `${name} must be text` }).max(max, `${name} is at most ${max} characters`);
const httpUrl = (name: string) =>
  text(name, 2048).refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `${name} must be an http(s) URL`);

const authSchema = z.object({
  type: z.enum(actionAuthTypes, { message: `auth.type must be one of ${actionAuthTypes.join(', ')}` }),
  authorization_type: z.enum(authorizationTypes, { message: `auth.authorization_type must be one of ${authorizationTypes.join(', ')}` }).optional(),
  custom_auth_header: z.string().max(256).regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]*$/, 'auth.custom_auth_header must be a valid header name').optional(),
  authorization_url: z.union([httpUrl('auth.authorization_url'), z.literal('')]).optional(),
  client_url: z.union([httpUrl('auth.client_url'), z.literal('')]).optional(),
  scope: text('auth.scope', 1024).optional(),
  token_exchange_method: z.enum(tokenExchangeMethods).nullish(),
  // LibreChat's client sends this; chatbox derives the content type from the token exchange.
  authorization_content_type: z.string().nullish(),
});

/** POST /api/assistants/actions/:assistant_id (LibreChat's UpdateActionVariables minus assistant_id). */
export const actionSaveRequestSchema = z.object({
  action_id: z.string().uuid('action_id must be a UUID').optional(),
  model: z.string().max(256).optional(),
  functions: z.array(z.unknown()).optional(),
  metadata: z.object({
    raw_spec: text('metadata.raw_spec', ACTION_SPEC_MAX).min(1, 'metadata.raw_spec is required'),
    domain: z.string().max(253).optional(),
    privacy_policy_url: z.union([httpUrl('metadata.privacy_policy_url'), z.literal('')]).optional(),
    auth: authSchema.optional(),
    api_key: text('metadata.api_key', 4096).optional(),
    oauth_client_id: text('metadata.oauth_client_id', 1024).optional(),
    oauth_client_secret: text('metadata.oauth_client_secret', 4096).optional(),
  }),
});
export type ActionSaveRequest = z.input<typeof actionSaveRequestSchema>;

/** What the editor sends for the functions it shows (the server converts the spec again and uses its own). */
export type ActionSaveFunctions = ActionFunctionDto[];

/** Spec 001 §5's auth rules, shared by the dialog and the route: the first missing field, or undefined. */
export function actionAuthProblem(auth: ActionAuthDto, secrets: { api_key?: string; oauth_client_id?: string; oauth_client_secret?: string }): string | undefined {
  if (auth.type === 'service_http') {
    if (!secrets.api_key) return 'API Key is required';
    if (auth.authorization_type === 'custom' && !auth.custom_auth_header) return 'Custom header name is required';
  }
  if (auth.type === 'oauth') {
    if (!secrets.oauth_client_id) return 'Client ID is required';
    if (!secrets.oauth_client_secret) return 'Client Secret is required';
    if (!auth.authorization_url) return 'Authorization URL is required';
    if (!auth.client_url) return 'Token URL is required';
    if (!auth.scope) return 'Scope is required';
  }
  return undefined;
}
