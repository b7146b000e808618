import { catalogueEntry, endpointParameterDefaults, isGeminiModel, type EndpointParameterSet } from '@protocol';
import type { TranslationKey } from '../../locales/index.js';
import type { ChatSetup } from './chat-setup-context.js';

type NumberKey = 'temperature' | 'top_p' | 'topP' | 'topK' | 'frequency_penalty' | 'presence_penalty' | 'maxOutputTokens' | 'max_tokens';
type TextKey = 'chatGptLabel' | 'modelLabel' | 'promptPrefix' | 'context' | 'systemMessage';

interface Base {
  labelKey: TranslationKey;
  descriptionKey?: TranslationKey;
}

export interface SliderParameter extends Base {
  control: 'slider';
  key: NumberKey;
  min: number;
  max: number;
  step: number;
  default: number;
}

/** A number the user may leave empty ("system default"). */
export interface NumberParameter extends Base {
  control: 'number';
  key: NumberKey;
  min: number;
  max?: number;
}

export interface TextParameter extends Base {
  control: 'text' | 'textarea';
  key: TextKey;
  placeholderKey?: TranslationKey;
}

export interface SwitchParameter extends Base {
  control: 'switch';
  key: 'resendFiles';
  default: boolean;
}

export interface StepsParameter extends Base {
  control: 'steps';
  key: 'imageDetail';
  options: readonly ['low', 'auto', 'high'];
  default: 'auto';
}

export interface ExamplesParameter extends Base {
  control: 'examples';
  key: 'examples';
}

export type ParameterDefinition = SliderParameter | NumberParameter | TextParameter | SwitchParameter | StepsParameter | ExamplesParameter;

const customName = (key: TextKey): TextParameter => ({ control: 'text', key, labelKey: 'com_endpoint_custom_name', placeholderKey: 'com_endpoint_custom_name_placeholder' });
const promptPrefix: TextParameter = { control: 'textarea', key: 'promptPrefix', labelKey: 'com_endpoint_prompt_prefix', placeholderKey: 'com_endpoint_prompt_prefix_placeholder' };
const resendFiles = (value: boolean): SwitchParameter => ({ control: 'switch', key: 'resendFiles', default: value, labelKey: 'com_endpoint_resend_files', descriptionKey: 'com_endpoint_resend_files_info' });
const slider = (key: NumberKey, min: number, max: number, step: number, value: number, labelKey: TranslationKey, descriptionKey?: TranslationKey): SliderParameter => ({ control: 'slider', key, min, max, step, default: value, labelKey, descriptionKey });

export { isGeminiModel };

type OpenAIDefaults = ReturnType<typeof endpointParameterDefaults.openAI> | ReturnType<typeof endpointParameterDefaults.gptPlugins>;

function openAIParameters(defaults: OpenAIDefaults): ParameterDefinition[] {
  return [
    customName('chatGptLabel'),
    promptPrefix,
    slider('temperature', 0, 2, 0.01, defaults.temperature, 'com_endpoint_temperature', 'com_endpoint_temperature_info'),
    slider('top_p', 0, 1, 0.01, defaults.top_p, 'com_endpoint_top_p', 'com_endpoint_top_p_info'),
    slider('frequency_penalty', -2, 2, 0.01, defaults.frequency_penalty, 'com_endpoint_frequency_penalty', 'com_endpoint_frequency_penalty_info'),
    slider('presence_penalty', -2, 2, 0.01, defaults.presence_penalty, 'com_endpoint_presence_penalty', 'com_endpoint_presence_penalty_info'),
    { control: 'number', key: 'max_tokens', min: 1, labelKey: 'com_endpoint_max_tokens', descriptionKey: 'com_endpoint_max_tokens_info' },
    resendFiles(defaults.resendFiles),
    // The plugins endpoint sends no images, so it has no image detail.
    ...('imageDetail' in defaults
      ? [{ control: 'steps', key: 'imageDetail', options: ['low', 'auto', 'high'], default: defaults.imageDetail, labelKey: 'com_endpoint_image_detail', descriptionKey: 'com_endpoint_image_detail_info' } satisfies StepsParameter]
      : []),
  ];
}

function anthropicParameters(): ParameterDefinition[] {
  const defaults = endpointParameterDefaults.anthropic();
  return [
    customName('modelLabel'),
    promptPrefix,
    slider('temperature', 0, 1, 0.01, defaults.temperature, 'com_endpoint_temperature', 'com_endpoint_temperature_info'),
    slider('maxOutputTokens', 1, 4000, 1, defaults.maxOutputTokens, 'com_endpoint_max_output_tokens', 'com_endpoint_max_output_tokens_info'),
    slider('topP', 0, 1, 0.01, defaults.topP, 'com_endpoint_top_p', 'com_endpoint_top_p_info'),
    slider('topK', 1, 40, 1, defaults.topK, 'com_endpoint_top_k', 'com_endpoint_top_k_info'),
    resendFiles(defaults.resendFiles),
  ];
}

function googleParameters(model: string | null | undefined): ParameterDefinition[] {
  const defaults = endpointParameterDefaults.google(model);
  return [
    customName('modelLabel'),
    { ...promptPrefix, labelKey: 'com_endpoint_context', placeholderKey: 'com_endpoint_context_placeholder' },
    { control: 'examples', key: 'examples', labelKey: 'com_endpoint_examples' },
    slider('temperature', 0, 1, 0.01, defaults.temperature, 'com_endpoint_temperature', 'com_endpoint_temperature_info'),
    slider('maxOutputTokens', 1, isGeminiModel(model) ? 8192 : 2048, 1, defaults.maxOutputTokens, 'com_endpoint_max_output_tokens', 'com_endpoint_max_output_tokens_info'),
    slider('topP', 0, 1, 0.01, defaults.topP, 'com_endpoint_top_p', 'com_endpoint_top_p_info'),
    slider('topK', 1, 40, 1, defaults.topK, 'com_endpoint_top_k', 'com_endpoint_top_k_info'),
  ];
}

/** The controls of each parameter set of the endpoint catalogue. */
const parameterSets: Record<EndpointParameterSet, (model: string | null | undefined) => ParameterDefinition[]> = {
  openAI: () => openAIParameters(endpointParameterDefaults.openAI()),
  gptPlugins: () => openAIParameters(endpointParameterDefaults.gptPlugins()),
  anthropic: anthropicParameters,
  google: googleParameters,
};

/**
 * The parameters the settings offer for an endpoint kind (see endpointKind) and model, with the
 * ranges, steps and defaults of spec 000 §5/§9: the parameter set the endpoint catalogue gives the
 * kind. Kinds without one (assistants, bingAI …) and unknown kinds offer none.
 */
export function parametersFor(kind: string, model?: string | null): ParameterDefinition[] {
  const set = catalogueEntry(kind)?.parameters;
  return set ? parameterSets[set](model) : [];
}

const allParameterKeys = new Set<string>(Object.values(parameterSets).flatMap((parameters) => parameters('gemini').map((parameter) => parameter.key)));

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The endpoint kind and model a setup moves away from (another model picked, another endpoint). */
export interface SetupOrigin {
  kind: string;
  model?: string | null;
}

/**
 * The setup made valid for an endpoint kind and model: options the endpoint does not take are
 * dropped and numbers are clamped into its ranges (a gemini maxOutputTokens of 4000 becomes 2048
 * on an older model). Identity fields (endpoint, model …) are left alone.
 * With `from`, a value still at the default of where the setup comes from follows the new default
 * instead (gemini's 8192 output tokens become 1024 on an older model, OpenAI's temperature 1 the
 * plugins endpoint's .8): conversations store the defaults they were sent with (withParameterDefaults),
 * and those must change with the model as unset ones do.
 */
export function fitSetupTo(setup: ChatSetup, kind: string, model: string | null | undefined = setup.model, from?: SetupOrigin): ChatSetup {
  const definitions = parametersFor(kind, model);
  const allowed = new Map(definitions.map((definition) => [definition.key as string, definition]));
  const next: Record<string, unknown> = { ...setup };
  const before = new Map(from ? parametersFor(from.kind, from.model).map((definition) => [definition.key as string, definition]) : []);
  for (const definition of definitions) {
    const previous = before.get(definition.key);
    if (!previous || !('default' in previous) || !('default' in definition) || previous.default === definition.default) continue;
    if (next[definition.key] === previous.default) next[definition.key] = undefined;
  }
  for (const key of allParameterKeys) {
    const definition = allowed.get(key);
    const value = next[key];
    if (value === undefined || value === null) continue;
    if (!definition) {
      delete next[key];
    } else if ((definition.control === 'slider' || definition.control === 'number') && typeof value === 'number') {
      next[key] = clamp(value, definition.min, definition.max ?? Number.POSITIVE_INFINITY);
    }
  }
  // Only the plugins endpoint runs an agent; elsewhere its options would be carried along unused.
  if (!catalogueEntry(kind)?.pluginsAgent) delete next.agentOptions;
  return next as unknown as ChatSetup;
}

/** The value a control shows: the setup's own, else the definition's default. */
export function parameterValue<T>(setup: ChatSetup, definition: ParameterDefinition & { default: T }): T {
  const value = (setup as unknown as Record<string, unknown>)[definition.key];
  return (value === undefined || value === null ? definition.default : value) as T;
}

/**
 * What "Reset to defaults" clears so the defaults above apply again: the tuning (the plugins
 * endpoint's agent settings included), not what the user wrote (custom name, prompt prefix, examples).
 */
export function clearedParameters(kind: string, model?: string | null): Partial<ChatSetup> {
  const tuning = parametersFor(kind, model).filter((definition) => !['text', 'textarea', 'examples'].includes(definition.control));
  const agent = catalogueEntry(kind)?.pluginsAgent ? [['agentOptions', undefined]] : [];
  return Object.fromEntries([...tuning.map((definition) => [definition.key, undefined]), ...agent]);
}
