import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from './i18n-provider.js';
import { htmlLang, isRightToLeft, languageCodes } from './languages.js';
import { useLanguage } from './use-localize.js';

function Switcher() {
  const { language, setLanguage } = useLanguage();
  return (
    <>
      <p>{language}</p>
      <button onClick={() => setLanguage('ar-EG')}>Arabic</button>
      <button onClick={() => setLanguage('he-HE')}>Hebrew</button>
      <button onClick={() => setLanguage('de-DE')}>German</button>
      <button onClick={() => setLanguage('auto')}>Auto</button>
    </>
  );
}

describe('text direction', () => {
  it('is right-to-left for Arabic and Hebrew only', () => {
    expect(languageCodes.filter(isRightToLeft)).toEqual(['ar-EG', 'he-HE']);
  });

  it('sets <html dir> and a valid lang as the language changes', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['he-IL']);
    const user = userEvent.setup();
    render(
      <I18nProvider loaders={{}}>
        <Switcher />
      </I18nProvider>,
    );
    const root = document.documentElement;
    expect(screen.getByText('he-HE')).toBeInTheDocument();
    expect(root).toHaveAttribute('dir', 'rtl');
    expect(root).toHaveAttribute('lang', 'he');

    await user.click(screen.getByRole('button', { name: 'German' }));
    expect(root).toHaveAttribute('dir', 'ltr');
    expect(root).toHaveAttribute('lang', 'de-DE');

    await user.click(screen.getByRole('button', { name: 'Arabic' }));
    expect(root).toHaveAttribute('dir', 'rtl');
    expect(root).toHaveAttribute('lang', 'ar-EG');
    expect(window.localStorage.getItem('lang')).toBe('ar-EG');

    await user.click(screen.getByRole('button', { name: 'Auto' }));
    expect(root).toHaveAttribute('dir', 'rtl');
    expect(window.localStorage.getItem('lang')).toBe('auto');
  });

  it('gives Traditional Chinese a tag browsers choose the right glyphs for', () => {
    expect(htmlLang('zh-TC')).toBe('zh-Hant');
    expect(htmlLang('zh-CN')).toBe('zh-CN');
  });
});

describe('direction part of public/before-paint.js', () => {
  const script = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../public/before-paint.js'), 'utf8');
  const run = () => new Function(script)() as void;

  it.each([
    ['ar-EG', ['en-US'], 'rtl'],
    ['he-HE', ['en-US'], 'rtl'],
    ['de-DE', ['ar'], ''],
    ['auto', ['he-IL', 'en'], 'rtl'],
    [null, ['ar-SA'], 'rtl'],
    [null, ['fr-FR'], ''],
  ] as const)('stored %s with browser %j gives dir=%s before the bundle runs', (stored, languages, dir) => {
    document.documentElement.removeAttribute('dir');
    if (stored) window.localStorage.setItem('lang', stored);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue([...languages]);
    run();
    expect(document.documentElement.getAttribute('dir') ?? '').toBe(dir);
  });
});
