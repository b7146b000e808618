import { readStorage, writeStorage } from '../storage.js';

/**
 * The view settings of spec 001 §3 and their defaults: LibreChat v0.7.1's, except autoScroll, which is
 * on, as in every chat app today (and as the chat screen assumed for a missing entry). Each lives in
 * localStorage under its own name as a JSON boolean ('true' / 'false'), so code outside React (the
 * chat engine reads 'autoScroll', 'enterToSend', 'LaTeXParsing' and 'showCode') can read it directly.
 */
export const viewSettingDefaults = {
  autoScroll: true,
  showCode: false,
  hideSidePanel: false,
  modularChat: false,
  LaTeXParsing: true,
  UsernameDisplay: true,
  enterToSend: true,
} as const satisfies Record<string, boolean>;

export type ViewSettingName = keyof typeof viewSettingDefaults;

export const viewSettingNames = Object.keys(viewSettingDefaults) as ViewSettingName[];

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored value, or the default when the entry is missing or not a JSON boolean. */
export function readViewSetting(name: ViewSettingName): boolean {
  const stored = readStorage(name);
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  return viewSettingDefaults[name];
}

export function writeViewSetting(name: ViewSettingName, value: boolean): void {
  writeStorage(name, JSON.stringify(value));
  notify();
}

/** Every component showing a setting re-renders when any one changes, here or in another tab. */
export function subscribeViewSettings(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', notify);
  };
}
