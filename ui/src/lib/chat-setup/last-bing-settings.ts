import { readStorage, writeStorage } from '../storage.js';
import type { ChatSetup } from './chat-setup-context.js';

/** Spec 000 §3 storage item: the Bing mode and tone last chosen, which new Bing chats start with. */
export const LAST_BING_SETTINGS_KEY = 'lastBingSettings';

export type BingToneStyle = NonNullable<ChatSetup['toneStyle']>;

export const bingToneStyles: readonly BingToneStyle[] = ['creative', 'fast', 'balanced', 'precise'];

export interface BingSettings {
  jailbreak: boolean;
  toneStyle: BingToneStyle;
}

/** Spec 000 §9 defaults: BingAI mode (no jailbreak), the creative tone. */
const defaults: BingSettings = { jailbreak: false, toneStyle: 'creative' };

const isTone = (value: unknown): value is BingToneStyle => bingToneStyles.some((tone) => tone === value);

/** The remembered mode and tone; a missing or corrupt entry gives the defaults. */
export function lastBingSettings(): BingSettings {
  try {
    const stored: unknown = JSON.parse(readStorage(LAST_BING_SETTINGS_KEY) ?? 'null');
    if (!stored || typeof stored !== 'object') return defaults;
    const jailbreak = 'jailbreak' in stored && typeof stored.jailbreak === 'boolean' ? stored.jailbreak : defaults.jailbreak;
    const toneStyle = 'toneStyle' in stored && isTone(stored.toneStyle) ? stored.toneStyle : defaults.toneStyle;
    return { jailbreak, toneStyle };
  } catch {
    return defaults;
  }
}

export function rememberBingSettings(settings: Partial<BingSettings>): void {
  writeStorage(LAST_BING_SETTINGS_KEY, JSON.stringify({ ...lastBingSettings(), ...settings }));
}

/** The mode's model name, as GET /api/models lists it for bingAI and the server names the sender. */
export const bingModeModel = (jailbreak: boolean) => (jailbreak ? 'Sydney' : 'BingAI');

/**
 * A new chat's setup for an endpoint: a Bing one starts in the remembered mode and tone (LibreChat
 * reads `lastBingSettings` when it builds a new Bing conversation); others get just their identity.
 */
export function newChatSetup(identity: Pick<ChatSetup, 'endpoint' | 'endpointType' | 'model'>): ChatSetup {
  if (identity.endpoint !== 'bingAI') return identity;
  const { jailbreak, toneStyle } = lastBingSettings();
  return { ...identity, jailbreak, toneStyle, model: bingModeModel(jailbreak) };
}
