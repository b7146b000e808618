import { createContext, useContext } from 'react';
import type { ResolvedTheme, ThemeSetting } from './resolve-theme.js';

export interface ThemeContextValue {
  theme: ThemeSetting;
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: ThemeSetting) => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme needs a ThemeProvider');
  return context;
}
