export { ThemeProvider } from './theme-provider.js';
export { useTheme, type ThemeContextValue } from './theme-context.js';
export { resolveTheme, readThemeSetting, type ResolvedTheme, type ThemeSetting } from './resolve-theme.js';
