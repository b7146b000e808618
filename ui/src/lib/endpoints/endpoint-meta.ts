import { builtInEndpointNames, catalogueEntry } from '@protocol';
import type { EndpointConfig, EndpointsConfig } from './endpoints-query.js';

/** Built-in endpoint names (spec 000 §1, the endpoint catalogue's); anything else in GET /api/endpoints is a custom endpoint. */
export const builtInEndpoints = builtInEndpointNames;

export function isBuiltInEndpoint(name: string): boolean {
  return builtInEndpoints.includes(name);
}

/** Brand names stay untranslated; a custom endpoint is shown by its configured name. */
export function endpointLabel(name: string): string {
  return isBuiltInEndpoint(name) ? (catalogueEntry(name)?.label ?? name) : name;
}

/**
 * What the endpoint behaves like: its `type` from the server ('custom' for librechat.yaml custom
 * endpoints), else its own name. Decides the parameters offered and the key dialog's fields.
 */
export function endpointKind(name: string | null | undefined, config?: EndpointsConfig): string {
  if (!name) return '';
  return config?.[name]?.type ?? (isBuiltInEndpoint(name) ? name : 'custom');
}

/** The value ChatSetup.endpointType takes: 'custom' for custom endpoints, null for built-ins. */
export function endpointTypeOf(name: string, config?: EndpointsConfig): string | null {
  const kind = endpointKind(name, config);
  return kind === name ? null : kind;
}

// Spec 000 §4: switching between chat endpoints (the catalogue gives them a family) on an existing
// conversation keeps it; anything else starts a new one.
export function endpointFamily(kind: string): string {
  return catalogueEntry(kind)?.family ? 'chat' : kind;
}

/** Needs the user's own key (userProvide) or base URL (userProvideURL). */
export function needsUserKey(entry: EndpointConfig | undefined): boolean {
  return Boolean(entry?.userProvide || entry?.userProvideURL);
}

/** Spec 000 §6: plugins use the OpenAI key; every other endpoint's key is stored under its own name. */
export function keyNameFor(endpoint: string): string {
  return endpoint === 'gptPlugins' ? 'openAI' : endpoint;
}

/** Enabled endpoints the UI offers, in the server's order. */
export function sortedEndpoints(config: EndpointsConfig | undefined): string[] {
  if (!config) return [];
  return Object.keys(config).sort((a, b) => (config[a]!.order ?? 0) - (config[b]!.order ?? 0));
}
