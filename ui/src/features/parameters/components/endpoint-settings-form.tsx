import { catalogueEntry } from '@protocol';
import { useState } from 'react';
import { classNames } from '../../../components/class-names.js';
import { fitSetupTo, isGeminiModel, parameterValue, parametersFor, type ChatSetup, type ParameterDefinition } from '../../../lib/chat-setup/index.js';
import { endpointKind, useEndpointsQuery, useModelsQuery } from '../../../lib/endpoints/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import type { Example } from '../utils/examples.js';
import { BingSettings } from './bing-settings.js';
import { AgentSettings, PluginsSettingsViewSwitch, type PluginsSettingsView } from './agent-settings.js';
import { ExamplesEditor } from './examples-editor.js';
import { ModelSelect } from './model-select.js';
import { NumberControl, SliderControl, StepsControl, SwitchControl, TextControl } from './parameter-controls.js';

export interface EndpointSettingsFormProps {
  /** The setup being edited: the live chat setup, or a preset in the edit dialog. */
  value: ChatSetup;
  /** Receives the fields that changed. */
  onChange: (patch: Partial<ChatSetup>) => void;
  /** 'columns' puts the tuning beside the texts (wide dialogs); 'stack' is one column (popover). */
  layout?: 'stack' | 'columns';
  /** librechat.yaml `interface.modelSelect`: off leaves the model to the endpoint or model spec. */
  showModel?: boolean;
  /** librechat.yaml `interface.parameters`: off hides everything but the model. */
  showParameters?: boolean;
  /** The chat exists already (not a new chat, not a preset): Bing's mode and tone are then fixed. */
  existingConversation?: boolean;
}

/** The model and every parameter the value's endpoint takes, with spec 000 §5 ranges and defaults. */
export function EndpointSettingsForm({ value, onChange, layout = 'stack', showModel = true, showParameters = true, existingConversation = false }: EndpointSettingsFormProps) {
  const localize = useLocalize();
  const { data: endpointsConfig } = useEndpointsQuery();
  const { data: models } = useModelsQuery();
  const [showExamples, setShowExamples] = useState(false);
  const [view, setView] = useState<PluginsSettingsView>('completion');
  const kind = endpointKind(value.endpoint, endpointsConfig);
  const definitions = showParameters ? parametersFor(kind, value.model) : [];
  const options = models?.[value.endpoint ?? ''] ?? [];
  const gemini = kind === 'google' && isGeminiModel(value.model);
  // The plugins endpoint has agent settings beside its completion ones (spec 000 §3).
  const pluginsAgent = showParameters && Boolean(catalogueEntry(kind)?.pluginsAgent);
  // Plugin tools write their own instructions (spec 000 §5).
  const textsDisabled = Boolean(value.tools?.length);

  const onModelChange = (model: string) => {
    const fitted = fitSetupTo({ ...value, model }, kind, model, { kind, model: value.model }) as unknown as Record<string, unknown>;
    const current = value as unknown as Record<string, unknown>;
    const patch: Record<string, unknown> = { model };
    for (const [key, fittedValue] of Object.entries(fitted)) if (fittedValue !== current[key]) patch[key] = fittedValue;
    onChange(patch as Partial<ChatSetup>);
  };

  const render = (definition: ParameterDefinition) => {
    const raw = (value as unknown as Record<string, unknown>)[definition.key];
    switch (definition.control) {
      case 'slider':
        return <SliderControl key={definition.key} definition={definition} value={parameterValue(value, definition)} onChange={(next) => onChange({ [definition.key]: next })} />;
      case 'number':
        return <NumberControl key={definition.key} definition={definition} value={raw as number | undefined} onChange={(next) => onChange({ [definition.key]: next })} />;
      case 'text':
      case 'textarea':
        return <TextControl key={definition.key} definition={definition} value={(raw as string | undefined) ?? ''} disabled={textsDisabled} onChange={(next) => onChange({ [definition.key]: next })} />;
      case 'switch':
        return <SwitchControl key={definition.key} definition={definition} value={parameterValue(value, definition)} onChange={(next) => onChange({ [definition.key]: next })} />;
      case 'steps':
        return <StepsControl key={definition.key} definition={definition} value={parameterValue(value, definition)} onChange={(next) => onChange({ [definition.key]: next })} />;
      case 'examples':
        return (
          <div key="examples" className="flex flex-col gap-3">
            {gemini && (
              <button
                type="button"
                aria-expanded={showExamples}
                onClick={() => setShowExamples((current) => !current)}
                className="self-start text-sm font-medium text-neutral-600 underline-offset-4 hover:text-neutral-900 hover:underline dark:text-neutral-300 dark:hover:text-white"
              >
                {localize(showExamples ? 'com_endpoint_hide_examples' : 'com_endpoint_show_examples')}
              </button>
            )}
            {(!gemini || showExamples) && <ExamplesEditor value={raw as Example[] | undefined} onChange={(examples) => onChange({ examples })} />}
          </div>
        );
    }
  };

  const texts = definitions.filter((definition) => ['text', 'textarea', 'examples'].includes(definition.control));
  const tuning = definitions.filter((definition) => !texts.includes(definition));

  // Bing's mode is its model (BingAI or Sydney): its settings replace the model select.
  if (kind === 'bingAI') return <BingSettings value={value} onChange={onChange} existingConversation={existingConversation} showMode={showModel} showParameters={showParameters} />;

  const form = (
    <div className={classNames('grid gap-5', layout === 'columns' && 'md:grid-cols-2 md:gap-x-8')}>
      <div className="flex flex-col gap-4">
        {showModel && <ModelSelect value={value.model} options={options} onChange={onModelChange} />}
        {texts.map(render)}
      </div>
      {tuning.length > 0 ? (
        <div className="flex flex-col gap-5">{tuning.map(render)}</div>
      ) : (
        showParameters && definitions.length === 0 && <p className="text-sm text-neutral-500 dark:text-neutral-400">{localize('com_endpoint_no_settings')}</p>
      )}
    </div>
  );
  if (!pluginsAgent) return form;
  return (
    <div className="flex flex-col gap-5">
      <PluginsSettingsViewSwitch value={view} onChange={setView} />
      {view === 'agent' ? <AgentSettings value={value} onChange={onChange} models={options} showModel={showModel} /> : form}
    </div>
  );
}
