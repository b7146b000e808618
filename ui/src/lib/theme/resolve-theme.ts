import { readStorage } from '../storage.js';

export type ThemeSetting = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'color-theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isThemeSetting(value: unknown): value is ThemeSetting {
  return value === 'light' || value === 'dark' || value === 'system';
}

/** No stored choice behaves like 'system'. */
export function readThemeSetting(): ThemeSetting {
  const stored = readStorage(THEME_STORAGE_KEY);
  return isThemeSetting(stored) ? stored : 'system';
}

/** The OS preference, or null when the browser cannot tell. */
export function systemPrefersDark(): boolean | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  return window.matchMedia(DARK_QUERY).matches;
}

/**
 * Spec 000 §4: the stored value, then the OS preference, then light. index.html repeats this
 * before the bundle loads; keep the two in step.
 */
export function resolveTheme(setting: ThemeSetting | null, prefersDark: boolean | null): ResolvedTheme {
  if (setting === 'dark' || setting === 'light') return setting;
  return prefersDark ? 'dark' : 'light';
}

export function applyTheme(theme: ResolvedTheme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
