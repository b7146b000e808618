import type { LanguageCode } from '../lib/i18n/languages.js';
import type { Translations } from './en-US.js';

export { enUS, type TranslationKey, type Translations } from './en-US.js';

/**
 * Lazy loaders, one chunk per language, so a visitor downloads only their own file. English is
 * bundled (it is the fallback) and needs no entry.
 */
export const localeLoaders: Partial<Record<LanguageCode, () => Promise<Translations>>> = {
  'zh-CN': () => import('./zh-CN.js').then((module) => module.zhCN),
  'zh-TC': () => import('./zh-TC.js').then((module) => module.zhTC),
  'ar-EG': () => import('./ar-EG.js').then((module) => module.arEG),
  'de-DE': () => import('./de-DE.js').then((module) => module.deDE),
  'es-ES': () => import('./es-ES.js').then((module) => module.esES),
  'fr-FR': () => import('./fr-FR.js').then((module) => module.frFR),
  'it-IT': () => import('./it-IT.js').then((module) => module.itIT),
  'pl-PL': () => import('./pl-PL.js').then((module) => module.plPL),
  'pt-BR': () => import('./pt-BR.js').then((module) => module.ptBR),
  'ru-RU': () => import('./ru-RU.js').then((module) => module.ruRU),
  'ja-JP': () => import('./ja-JP.js').then((module) => module.jaJP),
  'sv-SE': () => import('./sv-SE.js').then((module) => module.svSE),
  'ko-KR': () => import('./ko-KR.js').then((module) => module.koKR),
  'vi-VN': () => import('./vi-VN.js').then((module) => module.viVN),
  'tr-TR': () => import('./tr-TR.js').then((module) => module.trTR),
  'nl-NL': () => import('./nl-NL.js').then((module) => module.nlNL),
  'id-ID': () => import('./id-ID.js').then((module) => module.idID),
  'he-HE': () => import('./he-HE.js').then((module) => module.heHE),
};
