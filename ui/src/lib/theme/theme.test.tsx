import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resolveTheme } from './resolve-theme.js';
import { ThemeProvider } from './theme-provider.js';
import { useTheme } from './theme-context.js';

/** A controllable prefers-color-scheme. */
function stubSystemTheme(dark: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const list = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', vi.fn(() => list));
  return (next: boolean) => {
    dark = next;
    for (const listener of listeners) listener({ matches: next });
  };
}

describe('resolveTheme', () => {
  it('prefers the stored choice, then the OS preference, then light', () => {
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(null, false)).toBe('light');
    expect(resolveTheme(null, null)).toBe('light');
  });
});

describe('no-flash part of public/before-paint.js', () => {
  const script = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../public/before-paint.js'), 'utf8');
  const run = () => new Function(script)() as void;

  it.each([
    ['dark', false, true],
    ['light', true, false],
    ['system', true, true],
    [null, true, true],
    [null, false, false],
  ] as const)('stored %s with OS dark=%s gives dark=%s', (stored, osDark, expected) => {
    if (stored) window.localStorage.setItem('color-theme', stored);
    stubSystemTheme(osDark);
    run();
    expect(document.documentElement.classList.contains('dark')).toBe(expected);
  });

  it('falls back to light without matchMedia', () => {
    run();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});

function Switcher() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <>
      <p>
        {theme}:{resolvedTheme}
      </p>
      <button onClick={() => setTheme('dark')}>dark</button>
      <button onClick={() => setTheme('system')}>system</button>
    </>
  );
}

describe('ThemeProvider', () => {
  it('stores the choice and switches the class on <html>; system follows the OS live', async () => {
    const setSystemDark = stubSystemTheme(false);
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <Switcher />
      </ThemeProvider>,
    );
    expect(screen.getByText('system:light')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'dark' }));
    expect(window.localStorage.getItem('color-theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'system' }));
    expect(document.documentElement).not.toHaveClass('dark');
    act(() => setSystemDark(true));
    expect(screen.getByText('system:dark')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
  });
});
