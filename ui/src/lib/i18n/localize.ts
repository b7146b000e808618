import { enUS, type TranslationKey, type Translations } from '../../locales/index.js';

export type LocalizeArgument = string | number;
export type Localize = (key: TranslationKey, ...args: LocalizeArgument[]) => string;

/** Replaces {0}, {1}, … with the arguments; a placeholder without an argument stays visible. */
export function formatMessage(template: string, args: readonly LocalizeArgument[]): string {
  if (args.length === 0) return template;
  return template.replace(/\{(\d+)\}/g, (placeholder, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? placeholder : String(value);
  });
}

/** A missing or empty translation falls back to English, then to the key itself. */
export function createLocalize(translations: Translations, fallback: Translations = enUS): Localize {
  return (key, ...args) => formatMessage(translations[key] || fallback[key] || key, args);
}

export function isTranslationKey(key: string): key is TranslationKey {
  return Object.hasOwn(enUS, key);
}
