export { I18nProvider } from './i18n-provider.js';
export { useLanguage, useLocalize } from './use-localize.js';
export { createLocalize, formatMessage, isTranslationKey, type Localize } from './localize.js';
export {
  languageCodes,
  languageNames,
  isRightToLeft,
  htmlLang,
  matchLanguage,
  resolveLanguage,
  type LanguageCode,
  type LanguageSetting,
} from './languages.js';
export type { TranslationKey } from '../../locales/index.js';
