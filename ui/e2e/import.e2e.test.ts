import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatGptExportChunks } from '../../testing/generate-chatgpt-export.js';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { signUp } from './support/seed.js';

let e2e: ChatE2eContext;

beforeAll(async () => {
  e2e = await startChatE2e({ TITLE_CONVO: 'false', REGISTER_MAX: '50' });
});
afterAll(async () => {
  await e2e?.close();
});

describe('conversation import in the browser', () => {
  it('imports a ChatGPT export from Settings → Data with progress, lists it and finds it in search', async () => {
    const page = await e2e.newPage();
    await signUp(page, 'importer');
    await page.goto('/c/new');
    // Large enough (about 6 MB) that the upload takes a moment and the progress bar shows.
    const file = Buffer.from([...chatGptExportChunks({ conversations: 400, exchanges: 4, textLength: 1800, marker: (index) => (index === 7 ? 'xylophonist' : 'plain') })].join(''));

    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Data controls' }).click();
    const progress = dialog.getByRole('progressbar', { name: 'Importing conversations' });
    const progressShown = progress.waitFor({ state: 'attached', timeout: 30_000 });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'conversations.json', mimeType: 'application/json', buffer: file });
    await progressShown;
    await page.screenshot({ path: '/tmp/chatbox-import-progress.png' });
    await dialog.getByRole('status').filter({ hasText: 'Imported 400 conversation(s); 0 were already there; 0 could not be read.' }).waitFor({ timeout: 60_000 });
    expect(await progress.count()).toBe(0);
    await page.screenshot({ path: '/tmp/chatbox-import-done.png' });
    await page.keyboard.press('Escape');

    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    await sidebar.getByText('Generated 400').first().waitFor();
    const box = sidebar.getByRole('searchbox', { name: 'Search messages' }).or(sidebar.getByLabel('Search messages'));
    await box.fill('xylophonist');
    const results = sidebar.getByRole('listitem').filter({ has: page.locator('mark') });
    await expect.poll(() => results.count(), { timeout: 10_000 }).toBe(1);
    expect(await results.first().textContent()).toContain('Generated 8');
  });
});
