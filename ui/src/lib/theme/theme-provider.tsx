import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { writeStorage } from '../storage.js';
import {
  DARK_QUERY,
  THEME_STORAGE_KEY,
  applyTheme,
  readThemeSetting,
  resolveTheme,
  systemPrefersDark,
  type ThemeSetting,
} from './resolve-theme.js';
import { ThemeContext, type ThemeContextValue } from './theme-context.js';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<ThemeSetting>(readThemeSetting);
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);
  const resolvedTheme = resolveTheme(theme, prefersDark);

  // 'system' follows the OS live, e.g. when it switches to dark at sunset.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) => setPrefersDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => applyTheme(resolvedTheme), [resolvedTheme]);

  const value = useMemo<ThemeContextValue>(
    () => ({
      theme,
      resolvedTheme,
      setTheme: (next) => {
        writeStorage(THEME_STORAGE_KEY, next);
        setThemeState(next);
      },
    }),
    [theme, resolvedTheme],
  );

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
