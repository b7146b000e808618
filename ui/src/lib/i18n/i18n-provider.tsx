import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { localeLoaders, type Translations } from '../../locales/index.js';
import { readStorage, writeStorage } from '../storage.js';
import { I18nContext, type I18nContextValue } from './i18n-context.js';
import {
  LANGUAGE_STORAGE_KEY,
  browserLanguages,
  htmlLang,
  isRightToLeft,
  matchLanguage,
  resolveLanguage,
  type LanguageCode,
  type LanguageSetting,
} from './languages.js';
import { createLocalize } from './localize.js';

type Loaders = Partial<Record<LanguageCode, () => Promise<Translations>>>;

function readSetting(): LanguageSetting {
  const stored = readStorage(LANGUAGE_STORAGE_KEY);
  return stored && stored !== 'auto' ? (matchLanguage(stored) ?? 'auto') : 'auto';
}

interface I18nProviderProps {
  children: ReactNode;
  /** Injectable for tests; defaults to the locale files in src/locales. */
  loaders?: Loaders;
}

export function I18nProvider({ children, loaders = localeLoaders }: I18nProviderProps) {
  const [setting, setSetting] = useState<LanguageSetting>(readSetting);
  const language = resolveLanguage(setting, browserLanguages());
  const [loaded, setLoaded] = useState<{ language: LanguageCode; translations: Translations } | null>(null);

  useEffect(() => {
    const load = loaders[language];
    if (!load) return;
    let current = true;
    load()
      .then((translations) => current && setLoaded({ language, translations }))
      // A locale chunk that fails to load leaves the page in English rather than broken.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [language, loaders]);

  useEffect(() => {
    document.documentElement.lang = htmlLang(language);
    document.documentElement.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
  }, [language]);

  const value = useMemo<I18nContextValue>(() => {
    const translations = loaded?.language === language ? loaded.translations : {};
    return {
      setting,
      language,
      localize: createLocalize(translations),
      setLanguage: (next) => {
        writeStorage(LANGUAGE_STORAGE_KEY, next);
        setSetting(next);
      },
    };
  }, [setting, language, loaded]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
