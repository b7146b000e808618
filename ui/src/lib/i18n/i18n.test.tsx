import { authMessages } from '@protocol';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/index.js';
import { I18nProvider } from './i18n-provider.js';
import { resolveLanguage } from './languages.js';
import { createLocalize, formatMessage } from './localize.js';
import { useLocalize } from './use-localize.js';

describe('localize', () => {
  it('fills {0}-style placeholders', () => {
    expect(formatMessage('Key for {0} expired at {1}', ['openAI', '12:00'])).toBe('Key for openAI expired at 12:00');
    expect(formatMessage('Only {0} and {1}', ['one'])).toBe('Only one and {1}');
  });

  it('falls back to English for keys a language leaves out', () => {
    const localize = createLocalize({ com_ui_new_chat: 'Neuer Chat' });
    expect(localize('com_ui_new_chat')).toBe('Neuer Chat');
    expect(localize('com_nav_log_out')).toBe('Log out');
    expect(localize('com_ui_message_placeholder', 'Chatbox')).toBe('Message Chatbox');
  });

  it('has every validation key of the protocol, with the same English text', () => {
    for (const [key, text] of Object.entries(authMessages)) {
      expect(enUS[key as keyof typeof enUS]).toBe(text);
    }
  });
});

describe('language resolution', () => {
  it('takes an exact match first, case-insensitively', () => {
    expect(resolveLanguage('auto', ['pt-BR'])).toBe('pt-BR');
    expect(resolveLanguage('auto', ['zh-tc'])).toBe('zh-TC');
  });

  it('then the first language with the same prefix', () => {
    expect(resolveLanguage('auto', ['de-AT'])).toBe('de-DE');
    expect(resolveLanguage('auto', ['zh'])).toBe('zh-CN');
    expect(resolveLanguage('auto', ['he-IL'])).toBe('he-HE');
  });

  it('falls back to en-US, and an explicit choice beats the browser', () => {
    expect(resolveLanguage('auto', ['xx-YY'])).toBe('en-US');
    expect(resolveLanguage('auto', [])).toBe('en-US');
    expect(resolveLanguage('fr-FR', ['de-DE'])).toBe('fr-FR');
  });
});

function Probe() {
  const localize = useLocalize();
  return (
    <p>
      {localize('com_ui_new_chat')} / {localize('com_nav_log_out')}
    </p>
  );
}

describe('I18nProvider', () => {
  it("loads the browser's language for 'auto' and fills its gaps with English", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-CH', 'en']);
    const loaders = { 'de-DE': () => Promise.resolve({ com_ui_new_chat: 'Neuer Chat' }) };
    render(
      <I18nProvider loaders={loaders}>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText('New chat / Log out')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Neuer Chat / Log out')).toBeInTheDocument());
    expect(document.documentElement.lang).toBe('de-DE');
  });

  it("uses the language stored under 'lang'", async () => {
    window.localStorage.setItem('lang', 'fr-FR');
    const loaders = { 'fr-FR': () => Promise.resolve({ com_nav_log_out: 'Se déconnecter' }) };
    render(
      <I18nProvider loaders={loaders}>
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText('New chat / Se déconnecter')).toBeInTheDocument();
  });
});
