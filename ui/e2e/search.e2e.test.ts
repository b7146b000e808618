import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { askNewConversation, signUp } from './support/seed.js';

let e2e: ChatE2eContext;

beforeAll(async () => {
  e2e = await startChatE2e({ TITLE_CONVO: 'false', REGISTER_MAX: '50' });
});
afterAll(async () => {
  await e2e?.close();
});

describe('conversation search in the browser', () => {
  it('finds the signed-in user’s conversations by prefix, highlights the match, opens one and clears', async () => {
    // Another user's conversation with the same word must never show.
    const stranger = await e2e.newPage();
    const other = await signUp(stranger, 'stranger');
    await askNewConversation(stranger.request, other.token, 'My own aardvark secrets');
    await stranger.context().close();

    const page = await e2e.newPage();
    const { token } = await signUp(page, 'searcher');
    const aardvarks = await askNewConversation(page.request, token, 'Let us talk about aardvarks');
    await askNewConversation(page.request, token, 'Recipes for pancakes');
    await askNewConversation(page.request, token, 'Where do aardvark burrows go?');

    await page.goto('/c/new');
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    const box = sidebar.getByRole('searchbox', { name: 'Search messages' }).or(sidebar.getByLabel('Search messages'));
    await box.fill('aardv');
    const results = sidebar.getByRole('listitem').filter({ has: page.locator('mark') });
    await expect.poll(() => results.count(), { timeout: 10_000 }).toBe(2);
    expect(await sidebar.locator('mark').first().textContent()).toMatch(/^aardvark/i);
    expect(await sidebar.getByText('secrets').count()).toBe(0);
    await page.screenshot({ path: '/tmp/search-results.png' });

    await results.filter({ hasText: 'talk about' }).getByRole('link').click();
    await page.waitForURL(`**/c/${aardvarks}`);

    // Empty the box, then Backspace on the empty box: back to the dated list.
    await box.fill('');
    await box.press('Backspace');
    await sidebar.getByRole('heading', { name: 'Today' }).waitFor();
    expect(await sidebar.locator('mark').count()).toBe(0);
  });
});
