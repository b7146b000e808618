import { catalogueEntry, type EndpointParameterSet } from './endpoint-catalogue.js';
import type { EndpointOptionsInput } from './preset.js';

/** The tuning an endpoint's settings give a default (texts, examples and max_tokens have none). */
export type ParameterDefaults = Pick<EndpointOptionsInput, 'temperature' | 'top_p' | 'frequency_penalty' | 'presence_penalty' | 'topP' | 'topK' | 'maxOutputTokens' | 'resendFiles' | 'imageDetail'>;

/** Spec 000 §5: Google allows 8192 output tokens on gemini models, 2048 on the older ones. */
export const isGeminiModel = (model: string | null | undefined) => Boolean(model && model.toLowerCase().includes('gemini'));

const tuningKeys: readonly (keyof ParameterDefaults)[] = ['temperature', 'top_p', 'frequency_penalty', 'presence_penalty', 'topP', 'topK', 'maxOutputTokens', 'resendFiles', 'imageDetail'];

/**
 * The defaults of each parameter set (spec 000 §5/§9, LibreChat v0.7.1's endpoint schemas). The
 * UI's settings show them; every request carries them (withParameterDefaults).
 */
export const endpointParameterDefaults = {
  openAI: () => ({ temperature: 1, top_p: 1, frequency_penalty: 0, presence_penalty: 0, resendFiles: true, imageDetail: 'auto' as const }),
  gptPlugins: () => ({ temperature: 0.8, top_p: 1, frequency_penalty: 0, presence_penalty: 0, resendFiles: true }),
  anthropic: () => ({ temperature: 1, maxOutputTokens: 4000, topP: 0.7, topK: 5, resendFiles: true }),
  google: (model?: string | null) => ({ temperature: 0.2, maxOutputTokens: isGeminiModel(model) ? 8192 : 1024, topP: 0.8, topK: 40 }),
} satisfies Record<EndpointParameterSet, (model?: string | null) => ParameterDefaults>;

/**
 * The defaults of spec 000 §5/§9 (LibreChat v0.7.1's endpoint schemas) for an endpoint kind (a
 * built-in name or `custom`) and model; none for kinds without parameters (assistants, Bing …).
 */
export function parameterDefaults(kind: string, model?: string | null): ParameterDefaults {
  const set = catalogueEntry(kind)?.parameters;
  return set ? endpointParameterDefaults[set](model) : {};
}

/**
 * The options with the default of every tuning parameter they leave unset (null counts as unset),
 * so the upstream runs at the values the settings show rather than at its own defaults (Google's
 * temperature is 1, not the 0.2 shown).
 */
export function withParameterDefaults<Options extends ParameterDefaults>(options: Options, kind: string, model?: string | null): Options {
  const filled: Options = { ...options };
  const defaults = parameterDefaults(kind, model);
  for (const key of tuningKeys) {
    if (defaults[key] !== undefined && (filled[key] === undefined || filled[key] === null)) Object.assign(filled, { [key]: defaults[key] });
  }
  return filled;
}
