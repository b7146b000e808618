import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testFile } from '../../../test/file-fixtures.js';
import { json, mockFetch, testConfig, testUser } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';

const signedIn = { 'POST /api/auth/refresh': () => json(200, { token: 'tok', user: testUser }) };

async function openMenu(handlers = {}) {
  const { callsTo } = mockFetch({ ...signedIn, ...handlers });
  const app = renderApp('/c/new');
  await app.user.click(await screen.findByRole('button', { name: /User menu: Ada Lovelace/ }, { timeout: 5000 }));
  return { ...app, callsTo, menu: screen.getByRole('menu') };
}

const itemNames = (menu: HTMLElement) => within(menu).getAllByRole('menuitem').map((item) => item.textContent);

describe('user menu', () => {
  it('lists export, my files, settings and log out; no balance or help unless configured', async () => {
    const { menu, callsTo } = await openMenu();
    expect(itemNames(menu)).toEqual(['Export conversation', 'My files', 'Settings', 'Log out']);
    expect(within(menu).queryByText(/Balance/)).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/balance')).toHaveLength(0);
  });

  it('disables export without a saved conversation, with a tooltip saying why, and does nothing on click', async () => {
    const { menu, user } = await openMenu();
    const exportItem = within(menu).getByRole('menuitem', { name: 'Export conversation' });
    expect(exportItem).toHaveAttribute('aria-disabled', 'true');
    expect(exportItem).toHaveAccessibleDescription('Open a saved conversation to export it');
    expect(within(menu).getByRole('menuitem', { name: 'My files' })).not.toHaveAttribute('aria-disabled');
    await user.click(exportItem);
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('opens My files with the user\'s files', async () => {
    const { menu, user } = await openMenu({
      'GET /api/files': () => json(200, [testFile({ filename: 'notes.txt' })]),
    });
    await user.click(within(menu).getByRole('menuitem', { name: 'My files' }));
    const dialog = await screen.findByRole('dialog', { name: 'My files' }, { timeout: 5000 });
    expect(await within(dialog).findByText('notes.txt')).toBeInTheDocument();
  });

  it('shows the balance with two decimals when the server checks balances', async () => {
    const { menu } = await openMenu({
      'GET /api/config': () => json(200, testConfig({ checkBalance: true })),
      'GET /api/balance': () => json(200, 1234.5),
    });
    expect(await within(menu).findByText('Balance: 1,234.50')).toBeInTheDocument();
  });

  it('shows 0.00 for a user with no balance record yet (the server answers an empty body)', async () => {
    const { menu } = await openMenu({
      'GET /api/config': () => json(200, testConfig({ checkBalance: true })),
      'GET /api/balance': () => new Response('', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } }),
    });
    expect(await within(menu).findByText('Balance: 0.00')).toBeInTheDocument();
  });

  it.each([
    ['/', false],
    ['https://help.example.com/faq', true],
  ])('shows the help link for helpAndFaqURL %s: %s', async (url, shown) => {
    const { menu } = await openMenu({ 'GET /api/config': () => json(200, testConfig({ helpAndFaqURL: url })) });
    const link = within(menu).queryByRole('menuitem', { name: /Help & FAQ/ });
    if (!shown) {
      expect(link).not.toBeInTheDocument();
      return;
    }
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('moves with the arrow keys, closes with Escape and gives the focus back to the trigger', async () => {
    const { menu, user } = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Export conversation' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'My files' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /User menu/ })).toHaveFocus();
  });

  it('opens the settings dialog; closing it returns the focus to the menu button', async () => {
    const { menu, user } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' }, { timeout: 5000 });
    expect(within(dialog).getByRole('tab', { name: 'General' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /User menu/ })).toHaveFocus();
  });
});
