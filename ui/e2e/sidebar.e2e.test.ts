import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { askNewConversation, backdateConversation, bearer, signUp } from './support/seed.js';

let e2e: ChatE2eContext;

beforeAll(async () => {
  e2e = await startChatE2e({ TITLE_CONVO: 'false' });
});
afterAll(async () => {
  await e2e?.close();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('sidebar history in the browser', () => {
  it('groups conversations by date, opens, renames and deletes them', async () => {
    const page = await e2e.newPage();
    const { token } = await signUp(page, 'sidebar');
    const seeded: Array<[string, Date]> = [
      ['Planning the launch', new Date()],
      ['Groceries', daysAgo(1)],
      ['Tax questions', daysAgo(4)],
      ['Old poem drafts', daysAgo(20)],
      ['Thesis outline', new Date(new Date().getFullYear() - 2, 3, 10, 12)],
    ];
    const ids: Record<string, string> = {};
    for (const [title, date] of seeded) {
      ids[title] = await askNewConversation(page.request, token, `About ${title}`);
      backdateConversation(e2e, ids[title]!, date, title);
    }

    await page.goto('/c/new');
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    const group = (name: string) => sidebar.getByRole('region', { name, exact: true });
    await group('Today').getByRole('link', { name: 'Planning the launch' }).waitFor();
    await group('Yesterday').getByRole('link', { name: 'Groceries' }).waitFor();
    await group('Previous 7 days').getByRole('link', { name: 'Tax questions' }).waitFor();
    await group('Previous 30 days').getByRole('link', { name: 'Old poem drafts' }).waitFor();
    await group(String(new Date().getFullYear() - 2)).getByRole('link', { name: 'Thesis outline' }).waitFor();
    const headings = await sidebar.getByRole('heading').allTextContents();
    expect(headings).toEqual(['Today', 'Yesterday', 'Previous 7 days', 'Previous 30 days', String(new Date().getFullYear() - 2)]);
    await page.screenshot({ path: '/tmp/sidebar-desktop-light.png' });

    // Open one: it is highlighted and carries the actions.
    await sidebar.getByRole('link', { name: 'Tax questions' }).click();
    await page.waitForURL(`**/c/${ids['Tax questions']}`);
    await expect.poll(() => sidebar.getByRole('link', { name: 'Tax questions' }).getAttribute('aria-current')).toBe('page');

    // Rename inline with Enter.
    await sidebar.getByRole('button', { name: 'Rename conversation' }).click();
    const input = sidebar.getByRole('textbox', { name: 'Conversation title' });
    await input.fill('Tax return 2024');
    await page.screenshot({ path: '/tmp/sidebar-renaming.png' });
    await input.press('Enter');
    await sidebar.getByRole('link', { name: 'Tax return 2024' }).waitFor();
    await expect
      .poll(async () => ((await (await page.request.get(`/api/convos/${ids['Tax questions']}`, { headers: bearer(token) })).json()) as { title: string }).title)
      .toBe('Tax return 2024');

    // Delete the open conversation: confirmation, then a new chat.
    await sidebar.getByRole('button', { name: 'Delete conversation' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete chat?' });
    await dialog.waitFor();
    await page.screenshot({ path: '/tmp/sidebar-delete-dialog.png' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/c/new');
    await expect.poll(() => sidebar.getByRole('link', { name: 'Tax return 2024' }).count()).toBe(0);
    expect((await page.request.get(`/api/convos/${ids['Tax questions']}`, { headers: bearer(token) })).status()).toBe(404);

    // Dark theme and the mobile drawer, for a look.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => {
      localStorage.setItem('color-theme', 'dark');
      document.documentElement.classList.add('dark');
    });
    await page.screenshot({ path: '/tmp/sidebar-desktop-dark.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await sidebar.getByRole('link', { name: 'Groceries' }).waitFor();
    await page.screenshot({ path: '/tmp/sidebar-phone-dark.png' });
    await sidebar.getByRole('link', { name: 'Groceries' }).click();
    await page.waitForURL(`**/c/${ids['Groceries']}`);
    // Choosing a conversation closes the drawer.
    await expect.poll(() => page.getByRole('button', { name: 'Open sidebar' }).getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('loads older pages as the list is scrolled', async () => {
    const page = await e2e.newPage();
    const { token } = await signUp(page, 'paging');
    for (let index = 0; index < 30; index += 1) {
      const id = await askNewConversation(page.request, token, `Question ${index}`);
      backdateConversation(e2e, id, new Date(Date.now() - index * 60_000), `Chat number ${index}`);
    }
    await page.goto('/c/new');
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    await sidebar.getByRole('link', { name: 'Chat number 0', exact: true }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Chat number 29' }).count()).toBe(0);
    await page.getByTestId('conversation-scroller').evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await sidebar.getByRole('link', { name: 'Chat number 29' }).waitFor();
    await page.context().close();
  });
});
