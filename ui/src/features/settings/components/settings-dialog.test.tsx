import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, testUser, type Handlers } from '../../../test/mock-fetch.js';
import { currentPath, renderApp } from '../../../test/render-app.js';

const signedIn = { 'POST /api/auth/refresh': () => json(200, { token: 'tok', user: testUser }) };

async function openSettings(handlers: Handlers = {}, path = '/c/new') {
  const fetch = mockFetch({ ...signedIn, ...handlers });
  const app = renderApp(path);
  await app.user.click(await screen.findByRole('button', { name: /User menu/ }, { timeout: 5000 }));
  await app.user.click(screen.getByRole('menuitem', { name: 'Settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Settings' }, { timeout: 5000 });
  return { ...app, ...fetch, dialog };
}

describe('settings dialog', () => {
  it('has General, Beta, Data and Account tabs, moved through with the arrow keys', async () => {
    const { dialog, user } = await openSettings();
    const names = within(dialog).getAllByRole('tab').map((tab) => tab.textContent);
    expect(names).toEqual(['General', 'Beta features', 'Data controls', 'Account']);
    expect(within(dialog).getByRole('tab', { name: 'General' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('tab', { name: 'Beta features' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('switch', { name: 'Switch endpoints in the middle of a conversation' })).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(within(dialog).getByRole('tab', { name: 'Account' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowUp}');
    expect(within(dialog).getByRole('tab', { name: 'Account' })).toHaveFocus();
  });

  it('switches the theme and remembers it', async () => {
    const { dialog, user } = await openSettings();
    await user.selectOptions(within(dialog).getByLabelText('Theme'), 'dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('color-theme')).toBe('dark');
  });

  it('lists auto and every language by its own name', async () => {
    const { dialog, user } = await openSettings();
    const select = within(dialog).getByLabelText('Language');
    const options = within(select).getAllByRole('option');
    expect(options).toHaveLength(20);
    expect(options[0]).toHaveTextContent('Auto detect');
    expect(within(select).getByRole('option', { name: 'Deutsch' })).toHaveAttribute('lang', 'de-DE');
    expect(within(select).getByRole('option', { name: 'العربية' })).toBeInTheDocument();
    await user.selectOptions(select, 'fr-FR');
    expect(window.localStorage.getItem('lang')).toBe('fr-FR');
    expect(document.documentElement.lang).toBe('fr-FR');
  });

  it('stores each toggle as a JSON boolean under its own key; hide side panel removes the panel', async () => {
    const { dialog, user } = await openSettings();
    const enterToSend = within(dialog).getByRole('switch', { name: 'Press Enter to send messages' });
    expect(enterToSend).toHaveAttribute('aria-checked', 'true');
    await user.click(enterToSend);
    expect(enterToSend).toHaveAttribute('aria-checked', 'false');
    expect(window.localStorage.getItem('enterToSend')).toBe('false');

    expect(screen.getByRole('complementary', { name: 'Side panel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'Hide the right side panel' }));
    expect(window.localStorage.getItem('hideSidePanel')).toBe('true');
    expect(screen.queryByRole('complementary', { name: 'Side panel' })).not.toBeInTheDocument();

    for (const [name, key] of [
      ['Auto-scroll to the latest message when opening a chat', 'autoScroll'],
      ['Always show code when using the code interpreter', 'showCode'],
      ['Parse LaTeX in messages (may affect performance)', 'LaTeXParsing'],
      ['Show my username in messages', 'UsernameDisplay'],
    ]) {
      const toggle = within(dialog).getByRole('switch', { name });
      const before = toggle.getAttribute('aria-checked') === 'true';
      await user.click(toggle);
      expect(window.localStorage.getItem(key)).toBe(String(!before));
    }
  });

  it('clears all conversations in two steps; a click outside or Escape disarms', async () => {
    const { dialog, user, callsTo, router } = await openSettings(
      {
        'POST /api/convos/clear': () => json(200, { deletedCount: 3 }),
        'GET /api/convos': () => json(200, { conversations: [], pages: 1, pageNumber: 1, pageSize: 25 }),
      },
      '/c/abc',
    );
    await waitFor(() => expect(callsTo('GET', '/api/convos').length).toBeGreaterThan(0));
    const listLoads = callsTo('GET', '/api/convos').length;
    await user.click(within(dialog).getByRole('tab', { name: 'Data controls' }));
    const clear = () => within(dialog).getByRole('button', { name: /^(Clear|Confirm clear)$/ });

    await user.click(clear());
    expect(clear()).toHaveTextContent('Confirm clear');
    expect(screen.getByText('Click again to confirm. Press Escape to cancel.')).toBeInTheDocument();
    fireEvent.pointerDown(within(dialog).getByText('Clear all chats'));
    expect(clear()).toHaveTextContent('Clear');

    await user.click(clear());
    await user.keyboard('{Escape}');
    expect(clear()).toHaveTextContent('Clear');
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(callsTo('POST', '/api/convos/clear')).toHaveLength(0);

    await user.click(clear());
    await user.click(clear());
    await waitFor(() => expect(currentPath(router)).toBe('/c/new'));
    expect(callsTo('POST', '/api/convos/clear')[0].body).toEqual({ all: true });
    // The sidebar's list (['conversations']) is invalidated, so it loads again.
    await waitFor(() => expect(callsTo('GET', '/api/convos').length).toBeGreaterThan(listLoads));
    expect(await screen.findByText('All conversations were deleted')).toBeInTheDocument();
  });

  it('revokes all user keys in two steps', async () => {
    const { dialog, user, requests } = await openSettings({ 'DELETE /api/keys': () => new Response(null, { status: 204 }) });
    await user.click(within(dialog).getByRole('tab', { name: 'Data controls' }));
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm revoke' }));
    expect(await screen.findByText('All your keys were revoked')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'DELETE')?.url).toBe('/api/keys?all=true');
  });

  it('shows the server message when clearing fails', async () => {
    const { dialog, user } = await openSettings({ 'POST /api/convos/clear': () => json(500, { message: 'Database down' }) });
    await user.click(within(dialog).getByRole('tab', { name: 'Data controls' }));
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Confirm clear' })));
    expect(await screen.findByText('That did not work: Database down')).toBeInTheDocument();
  });
});
