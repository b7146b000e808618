import { createContext } from 'react';
import type { LanguageCode, LanguageSetting } from './languages.js';
import type { Localize } from './localize.js';

export interface I18nContextValue {
  /** What the user chose ('auto' follows the browser). */
  setting: LanguageSetting;
  /** What is shown. */
  language: LanguageCode;
  setLanguage: (setting: LanguageSetting) => void;
  localize: Localize;
}

export const I18nContext = createContext<I18nContextValue | null>(null);
