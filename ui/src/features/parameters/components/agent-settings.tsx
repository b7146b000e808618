import type { ChatSetup } from '../../../lib/chat-setup/index.js';
import { useLocalize, type TranslationKey } from '../../../lib/i18n/index.js';
import { agentOptionChange, agentOptionsOf, agentTemperature } from '../utils/agent-options.js';
import { ModelSelect } from './model-select.js';
import { SegmentedControl } from './segmented-control.js';
import { SliderControl, SwitchControl } from './parameter-controls.js';

export type PluginsSettingsView = 'completion' | 'agent';

const views: ReadonlyArray<{ view: PluginsSettingsView; labelKey: TranslationKey }> = [
  { view: 'completion', labelKey: 'com_endpoint_completion_settings' },
  { view: 'agent', labelKey: 'com_endpoint_agent_settings' },
];

/** The plugins endpoint's switch between its completion settings and its agent settings (spec 000 §3). */
export function PluginsSettingsViewSwitch({ value, onChange }: { value: PluginsSettingsView; onChange: (view: PluginsSettingsView) => void }) {
  const localize = useLocalize();
  return (
    <SegmentedControl
      options={views.map(({ view, labelKey }) => ({ value: view, label: localize(labelKey) }))}
      value={value}
      onChange={onChange}
      label={localize('com_endpoint_plugins_settings_view')}
    />
  );
}

export interface AgentSettingsProps {
  value: ChatSetup;
  onChange: (patch: Partial<ChatSetup>) => void;
  /** The plugins endpoint's models: the agent runs on one of them. */
  models: readonly string[];
  /** librechat.yaml `interface.modelSelect`: off leaves the agent on the chat's model. */
  showModel: boolean;
}

/**
 * LibreChat's agent settings of the plugins endpoint, kept in the setup's `agentOptions`: the agent's
 * model and temperature, Functions (on: the `functions` agent, native tool calls; off: `classic`, a
 * text ReAct loop) and Skip completion (on: the agent's answer is the reply).
 */
export function AgentSettings({ value, onChange, models, showModel }: AgentSettingsProps) {
  const localize = useLocalize();
  const options = agentOptionsOf(value);
  const set = (patch: Parameters<typeof agentOptionChange>[1]) => onChange(agentOptionChange(value, patch));
  return (
    <div className="flex flex-col gap-5">
      <p className="text-xs leading-snug text-neutral-500 dark:text-neutral-400">
        {localize('com_endpoint_agent_settings_info')}
      </p>
      {showModel && <ModelSelect label={localize('com_endpoint_agent_model')} value={options.model} options={models} onChange={(model) => set({ model })} />}
      <SliderControl
        definition={{ ...agentTemperature, labelKey: 'com_endpoint_temperature', descriptionKey: 'com_endpoint_agent_temperature_info' }}
        value={options.temperature}
        onChange={(temperature) => set({ temperature })}
      />
      <SwitchControl
        definition={{ labelKey: 'com_endpoint_plug_use_functions', descriptionKey: 'com_endpoint_func_hover' }}
        value={options.agent === 'functions'}
        onChange={(on) => set({ agent: on ? 'functions' : 'classic' })}
      />
      <SwitchControl
        definition={{ labelKey: 'com_endpoint_plug_skip_completion', descriptionKey: 'com_endpoint_skip_hover' }}
        value={options.skipCompletion}
        onChange={(skipCompletion) => set({ skipCompletion })}
      />
    </div>
  );
}
