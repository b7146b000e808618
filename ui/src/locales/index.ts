import type { LanguageCode } from '../lib/i18n/languages.js';
import type { Translations } from './en-US.js';

export { enUS, type TranslationKey, type Translations } from './en-US.js';

/**
 * Lazy loaders, one per translated language, so a visitor downloads only their own file. English is
 * bundled (it is the fallback) and needs no entry. Add a line here when a locale file lands.
 */
export const localeLoaders: Partial<Record<LanguageCode, () => Promise<Translations>>> = {};
