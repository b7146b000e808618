export { CHAT_SETUP_KEY, ChatSetupProvider, useChatSetup, type ChatSetup } from './chat-setup-context.js';
export { LAST_BING_SETTINGS_KEY, bingModeModel, bingToneStyles, lastBingSettings, newChatSetup, rememberBingSettings, type BingSettings, type BingToneStyle } from './last-bing-settings.js';
export { LAST_SELECTED_MODEL_KEY, defaultModelFor, rememberModel } from './last-selected-model.js';
export { presetToSetup, setupToPreset } from './preset-convert.js';
export {
  clearedParameters,
  fitSetupTo,
  isGeminiModel,
  parameterValue,
  parametersFor,
  type ExamplesParameter,
  type NumberParameter,
  type ParameterDefinition,
  type SliderParameter,
  type StepsParameter,
  type SwitchParameter,
  type SetupOrigin,
  type TextParameter,
} from './parameter-definitions.js';
export { useEnsureChatSetup } from './use-ensure-chat-setup.js';
export { SETUP_CHOSEN_STATE, isSetupChosen } from './setup-chosen-state.js';
