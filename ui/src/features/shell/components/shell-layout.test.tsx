import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, testConfig, testUser } from '../../../test/mock-fetch.js';
import { currentPath, renderApp } from '../../../test/render-app.js';

const signedIn = { 'POST /api/auth/refresh': () => json(200, { token: 'tok', user: testUser }) };

async function openShell(path = '/c/new') {
  const app = renderApp(path);
  // The first render imports the lazy shell and chat chunks, which takes over a second on a busy machine.
  await screen.findByText('How can I help you today?', {}, { timeout: 5000 });
  return app;
}

describe('authenticated shell', () => {
  it('shows the landing placeholder, the empty conversation list and the default footer', async () => {
    mockFetch(signedIn);
    await openShell();
    expect(screen.getByRole('heading', { name: 'TestChat' })).toBeInTheDocument();
    expect(await screen.findByText('No conversations yet. Start one and it appears here.')).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toBeDisabled();
    expect(
      screen.getByText('TestChat v1.2.3 - All AI conversations in one place. Pay per call and not per month'),
    ).toBeInTheDocument();
    expect(document.title).toBe('TestChat');
  });

  it('uses the custom footer when configured', async () => {
    mockFetch({ ...signedIn, 'GET /api/config': () => json(200, testConfig({ customFooter: 'Run by the IT team' })) });
    await openShell();
    expect(screen.getByText('Run by the IT team')).toBeInTheDocument();
  });

  it('collapses the sidebar and remembers it', async () => {
    mockFetch(signedIn);
    const { user } = await openShell();
    expect(screen.getByRole('complementary', { name: 'Chat history' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Close sidebar' }));
    expect(screen.queryByRole('complementary', { name: 'Chat history' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('navVisible')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Open sidebar' }));
    expect(screen.getByRole('complementary', { name: 'Chat history' })).toBeVisible();
    expect(window.localStorage.getItem('navVisible')).toBe('true');
  });

  it.each([
    ['succeeds', () => json(200, { message: 'Logged out' })],
    ['fails', () => json(500, { message: 'Logout failed' })],
  ])('logs out when the call %s: clears storage and cache, lands on /login', async (_, reply) => {
    const { callsTo } = mockFetch({ ...signedIn, 'POST /api/auth/logout': reply });
    for (const key of ['lastConversationSetup', 'lastSelectedModel', 'lastSelectedTools', 'filesToDelete', 'keepMe']) {
      window.localStorage.setItem(key, 'x');
    }
    const { user, router, queryClient } = await openShell();
    await user.click(screen.getByRole('button', { name: /User menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));

    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(callsTo('POST', '/api/auth/logout')[0].headers.Authorization).toBe('Bearer tok');
    expect(Object.keys(window.localStorage)).toEqual(['keepMe']);
    expect(queryClient.getQueryData(['user'])).toBeUndefined();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('shows a mobile header with toggle and new chat below 768 px', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('max-width: 767px'),
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
    mockFetch(signedIn);
    const { user } = await openShell();
    expect(screen.getByRole('heading', { name: 'New Chat' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Open sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('complementary', { name: 'Chat history' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });
});
