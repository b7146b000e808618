import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { languageCodes } from '../lib/i18n/languages.js';
import { dynamicTranslationKeys } from './dynamic-keys.js';
import { enUS, localeLoaders, type Translations } from './index.js';

const localesDir = dirname(fileURLToPath(import.meta.url));
const uiSource = resolve(localesDir, '..');
// The validation keys come from the shared zod schemas of the wire.
const protocolSource = resolve(localesDir, '../../../core/protocol');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return path === localesDir ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const englishKeys = Object.keys(enUS) as Array<keyof typeof enUS>;
const placeholders = (text: string) => [...new Set(text.match(/\{\d+\}/g) ?? [])].sort();
const translated = languageCodes.filter((code) => code !== 'en-US');

async function load(code: (typeof translated)[number]): Promise<Translations> {
  const loader = localeLoaders[code];
  if (!loader) throw new Error(`no locale file is registered for ${code}`);
  return loader();
}

describe('English keys', () => {
  it('are each used somewhere in the UI source (or listed in dynamic-keys.ts)', () => {
    const source = [...sourceFiles(uiSource), ...sourceFiles(protocolSource)].map((path) => readFileSync(path, 'utf8')).join('\n');
    const dynamic = new Set<string>(dynamicTranslationKeys);
    const unused = englishKeys.filter((key) => !dynamic.has(key) && !new RegExp(`(?<!\\w)${key}(?!\\w)`).test(source));
    expect(unused, 'English keys that no source file uses: remove them, or list keys built at run time in dynamic-keys.ts').toEqual([]);
  });

  it('list only real keys as dynamic', () => {
    for (const key of dynamicTranslationKeys) expect(enUS).toHaveProperty(key);
  });
});

describe.each(translated)('%s', (code) => {
  it('has a lazily loaded file of its own', async () => {
    expect(Object.keys(localeLoaders).sort()).toEqual([...translated].sort());
    const file = readFileSync(join(localesDir, `${code}.ts`), 'utf8');
    expect(file).toContain('satisfies Translations');
  });

  it('has no key that English lacks', async () => {
    const extra = Object.keys(await load(code)).filter((key) => !Object.hasOwn(enUS, key));
    expect(extra, `keys in ${code} that en-US does not have`).toEqual([]);
  });

  it('translates every English key, keeping its placeholders', async () => {
    const translations = await load(code);
    const missing = englishKeys.filter((key) => !translations[key]?.trim());
    expect(missing, `keys ${code} does not translate yet`).toEqual([]);
    const broken = englishKeys.filter((key) => placeholders(translations[key] ?? '').join() !== placeholders(enUS[key]).join());
    expect(broken, `translations of ${code} whose {n} placeholders differ from English`).toEqual([]);
  });

  it('is a translation, not a copy of the English texts', async () => {
    const translations = await load(code);
    const copied = englishKeys.filter((key) => translations[key] === enUS[key] && /[a-z]{4,}/i.test(enUS[key]));
    // Names and technical terms (Top P, Base URL, JSON…) may stay; whole sentences may not.
    expect(copied.length / englishKeys.length).toBeLessThan(0.1);
  });
});
