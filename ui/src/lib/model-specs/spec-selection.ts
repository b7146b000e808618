import type { ModelSpec, ModelSpecs } from '@protocol';
import type { ChatSetup } from '../chat-setup/chat-setup-context.js';
import type { EndpointsConfig } from '../endpoints/index.js';

/**
 * The specs the picker can offer: those whose endpoint the server has (a spec on an endpoint that
 * is not configured would only fail), ordered by `order`, then as listed.
 */
export function offeredSpecs(specs: ModelSpecs | undefined, endpointsConfig: EndpointsConfig | undefined): ModelSpec[] {
  if (!specs || !endpointsConfig) return [];
  const indexed = specs.list.map((spec, index) => ({ spec, index })).filter(({ spec }) => Boolean(endpointsConfig[spec.preset.endpoint]));
  const rank = (spec: ModelSpec) => spec.order ?? Number.POSITIVE_INFINITY;
  return indexed.sort((first, second) => rank(first.spec) - rank(second.spec) || first.index - second.index).map(({ spec }) => spec);
}

/** The spec a new conversation starts on: the one marked default, or with `enforce` the first one. */
export function defaultSpec(specs: ModelSpecs | undefined, offered: ModelSpec[]): ModelSpec | undefined {
  return offered.find((spec) => spec.default) ?? (specs?.enforce ? offered[0] : undefined);
}

/** The spec the setup is on, while its endpoint (and model, when the spec fixes one) still match. */
export function activeSpec(setup: ChatSetup, offered: ModelSpec[]): ModelSpec | undefined {
  const spec = setup.spec ? offered.find((candidate) => candidate.name === setup.spec) : undefined;
  if (!spec || spec.preset.endpoint !== setup.endpoint) return undefined;
  return spec.preset.model && spec.preset.model !== setup.model ? undefined : spec;
}
