import { useId } from 'react';
import { classNames } from '../../../components/class-names.js';
import { bingModeModel, bingToneStyles, rememberBingSettings, type BingToneStyle, type ChatSetup, type TextParameter } from '../../../lib/chat-setup/index.js';
import { useLocalize, type TranslationKey } from '../../../lib/i18n/index.js';
import { useTokenCount } from '../api/count-tokens.js';
import { ModelSelect } from './model-select.js';
import { TextControl } from './parameter-controls.js';
import { SegmentedControl } from './segmented-control.js';

/** Spec 000 §5: Bing takes about 7k tokens of context (the exact limit was never published). */
export const BING_CONTEXT_TOKENS = 7000;

const toneLabels: Record<BingToneStyle, TranslationKey> = {
  creative: 'com_endpoint_tone_creative',
  fast: 'com_endpoint_tone_fast',
  balanced: 'com_endpoint_tone_balanced',
  precise: 'com_endpoint_tone_precise',
};

const contextField: TextParameter = { control: 'textarea', key: 'context', labelKey: 'com_endpoint_context', placeholderKey: 'com_endpoint_bing_context_placeholder' };
const systemMessageField: TextParameter = { control: 'textarea', key: 'systemMessage', labelKey: 'com_endpoint_system_message', placeholderKey: 'com_endpoint_bing_system_message_placeholder' };

export interface BingSettingsProps {
  value: ChatSetup;
  onChange: (patch: Partial<ChatSetup>) => void;
  /** The chat already exists upstream: its mode and tone are fixed (see below). */
  existingConversation: boolean;
  /** librechat.yaml `interface.modelSelect`: the mode is Bing's model. */
  showMode?: boolean;
  /** librechat.yaml `interface.parameters`: the tone and the texts. */
  showParameters?: boolean;
}

/** The context Bing may refer to, with its token count once typing pauses, warned past ~7k tokens. */
function BingContextField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const localize = useLocalize();
  const tokens = useTokenCount(value);
  const tooLong = tokens > BING_CONTEXT_TOKENS;
  return (
    <div className="flex flex-col gap-1">
      <TextControl definition={contextField} value={value} onChange={onChange} />
      <p role="status" className={classNames('text-xs tabular-nums', tooLong ? 'text-red-600 dark:text-red-400' : 'text-neutral-500 dark:text-neutral-400')}>
        {localize('com_endpoint_token_count', String(tokens))}
        {tooLong && ` · ${localize('com_endpoint_bing_context_too_long')}`}
      </p>
    </div>
  );
}

/**
 * The bingAI endpoint's settings: the mode (Sydney = `jailbreak` on, BingAI = off), the tone, the
 * context with its token count, and Sydney's system message. As in LibreChat, an existing chat keeps
 * its mode and tone (BingAI continues Bing's own conversation, Sydney its history id), and an existing
 * BingAI chat shows nothing to change: its context went to Bing with the first message.
 */
export function BingSettings({ value, onChange, existingConversation, showMode = true, showParameters = true }: BingSettingsProps) {
  const localize = useLocalize();
  const toneId = useId();
  const jailbreak = value.jailbreak === true;
  const context = value.context ?? '';

  if (existingConversation && !jailbreak) {
    return <p className="text-sm text-neutral-500 dark:text-neutral-400">{localize('com_endpoint_bing_settings_locked')}</p>;
  }

  const setMode = (model: string) => {
    const sydney = model === bingModeModel(true);
    rememberBingSettings({ jailbreak: sydney });
    onChange({ jailbreak: sydney, model: bingModeModel(sydney) });
  };
  const setTone = (toneStyle: BingToneStyle) => {
    rememberBingSettings({ toneStyle });
    onChange({ toneStyle });
  };

  return (
    <div className="flex flex-col gap-4">
      {!existingConversation && showMode && (
        <ModelSelect label={localize('com_endpoint_bing_mode')} value={bingModeModel(jailbreak)} options={[bingModeModel(false), bingModeModel(true)]} onChange={setMode} />
      )}
      {!existingConversation && showParameters && (
        <div className="flex flex-col gap-1.5">
          <span id={toneId} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
            {localize('com_endpoint_tone_style')}
          </span>
          <SegmentedControl
            options={bingToneStyles.map((tone) => ({ value: tone, label: localize(toneLabels[tone]) }))}
            value={value.toneStyle ?? 'creative'}
            onChange={setTone}
            labelledBy={toneId}
          />
        </div>
      )}
      {showParameters && <BingContextField value={context} onChange={(next) => onChange({ context: next })} />}
      {showParameters && jailbreak && <TextControl definition={systemMessageField} value={value.systemMessage ?? ''} onChange={(next) => onChange({ systemMessage: next })} />}
    </div>
  );
}
