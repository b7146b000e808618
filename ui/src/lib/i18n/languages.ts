/** The interface languages of spec 001, in the order of the language picker. */
export const languageCodes = [
  'en-US',
  'zh-CN',
  'zh-TC',
  'ar-EG',
  'de-DE',
  'es-ES',
  'fr-FR',
  'it-IT',
  'pl-PL',
  'pt-BR',
  'ru-RU',
  'ja-JP',
  'sv-SE',
  'ko-KR',
  'vi-VN',
  'tr-TR',
  'nl-NL',
  'id-ID',
  'he-HE',
] as const;

export type LanguageCode = (typeof languageCodes)[number];

/** Each language by its own name (an endonym), so a reader finds theirs whatever is shown now. */
export const languageNames: Record<LanguageCode, string> = {
  'en-US': 'English',
  'zh-CN': '简体中文',
  'zh-TC': '繁體中文',
  'ar-EG': 'العربية',
  'de-DE': 'Deutsch',
  'es-ES': 'Español',
  'fr-FR': 'Français',
  'it-IT': 'Italiano',
  'pl-PL': 'Polski',
  'pt-BR': 'Português (Brasil)',
  'ru-RU': 'Русский',
  'ja-JP': '日本語',
  'sv-SE': 'Svenska',
  'ko-KR': '한국어',
  'vi-VN': 'Tiếng Việt',
  'tr-TR': 'Türkçe',
  'nl-NL': 'Nederlands',
  'id-ID': 'Bahasa Indonesia',
  'he-HE': 'עברית',
};

/** 'auto' follows the browser. */
export type LanguageSetting = 'auto' | LanguageCode;

export const fallbackLanguage: LanguageCode = 'en-US';
export const LANGUAGE_STORAGE_KEY = 'lang';

const rightToLeft = new Set<string>(['ar', 'he']);

export function isRightToLeft(language: LanguageCode): boolean {
  return rightToLeft.has(primarySubtag(language));
}

/**
 * The BCP 47 tag for <html lang> and lang attributes. Two of LibreChat's codes are not valid tags, and
 * browsers pick fonts by lang: Traditional Chinese must not get Simplified glyph shapes.
 */
export function htmlLang(language: LanguageCode): string {
  if (language === 'zh-TC') return 'zh-Hant';
  if (language === 'he-HE') return 'he';
  return language;
}

function primarySubtag(tag: string): string {
  return tag.split('-')[0].toLowerCase();
}

/** Exact match (case-insensitive), then the first language sharing the primary subtag, else null. */
export function matchLanguage(tag: string): LanguageCode | null {
  const wanted = tag.trim().toLowerCase();
  if (!wanted) return null;
  const exact = languageCodes.find((code) => code.toLowerCase() === wanted);
  if (exact) return exact;
  const prefix = primarySubtag(wanted);
  return languageCodes.find((code) => primarySubtag(code) === prefix) ?? null;
}

/** The language to show for a setting; 'auto' tries each browser preference in order. */
export function resolveLanguage(setting: string | null | undefined, browserLanguages: readonly string[]): LanguageCode {
  if (setting && setting !== 'auto') {
    const chosen = matchLanguage(setting);
    if (chosen) return chosen;
  }
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return fallbackLanguage;
}

export function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return [...navigator.languages];
  return navigator.language ? [navigator.language] : [];
}
