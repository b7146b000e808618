import type { TranslationKey } from './en-US.js';

/**
 * English keys the source never spells out because it builds them at run time (for example
 * `localize(\`com_error_${type}\`)`). The key-coverage test (locales.test.ts) accepts these as used.
 * Prefer literal keys: a literal is found by the test, by search, and by the type checker.
 */
export const dynamicTranslationKeys: readonly TranslationKey[] = [];
