import { useContext } from 'react';
import { I18nContext, type I18nContextValue } from './i18n-context.js';
import { createLocalize, type Localize } from './localize.js';
import { enUS } from '../../locales/index.js';

const english = createLocalize(enUS);

/** `localize(key, ...args)`; English when rendered outside an I18nProvider (isolated component tests). */
export function useLocalize(): Localize {
  return useContext(I18nContext)?.localize ?? english;
}

export function useLanguage(): Pick<I18nContextValue, 'setting' | 'language' | 'setLanguage'> {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useLanguage needs an I18nProvider');
  return context;
}
