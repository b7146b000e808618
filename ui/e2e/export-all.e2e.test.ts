import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { askNewConversation, bearer, signUp } from './support/seed.js';

let e2e: ChatE2eContext;

beforeAll(async () => {
  e2e = await startChatE2e({ TITLE_CONVO: 'false' });
});
afterAll(async () => {
  await e2e?.close();
});

async function openDataSettings(page: Page) {
  await page.goto('/c/new');
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Data controls' }).click();
  return dialog;
}

describe('Export all in the browser', () => {
  it('downloads an archive of everything, which Import takes back into another account', async () => {
    const page = await e2e.newPage();
    const mover = await signUp(page, 'mover');
    e2e.upstreams.openai.control.configure({ reply: 'Cranes lift containers.' });
    await askNewConversation(page.request, mover.token, 'Tell me about harbour cranes');
    const upload = await page.request.post('/api/files', {
      headers: bearer(mover.token),
      multipart: { file: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('crane notes') }, file_id: randomUUID(), endpoint: 'openAI' },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const preset = await page.request.post('/api/presets', { headers: bearer(mover.token), data: { title: 'Harbour preset', endpoint: 'openAI', model: 'gpt-4o-mini' } });
    expect(preset.status()).toBe(201);

    const dialog = await openDataSettings(page);
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export all' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^chatbox-export-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
    const archive = readFileSync((await download.path())!);
    expect([archive[0], archive[1]]).toEqual([0x1f, 0x8b]);
    await dialog.getByRole('status').filter({ hasText: /^Saved chatbox-export-.+\.tar\.gz \(.+ MB\)\.$/ }).waitFor();
    await page.screenshot({ path: '/tmp/chatbox-export-all.png' });

    const other = await e2e.newPage();
    const receiver = await signUp(other, 'receiver');
    const target = await openDataSettings(other);
    await target.locator('input[type="file"]').setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/gzip', buffer: archive });
    await target.getByRole('status').filter({ hasText: 'Imported 1 conversation(s); 0 were already there; 0 could not be read.' }).waitFor({ timeout: 30_000 });
    await target.getByRole('status').filter({ hasText: 'Restored 1 preset(s) and 1 file(s); 0 file(s) could not be stored.' }).waitFor();
    await other.screenshot({ path: '/tmp/chatbox-export-all-imported.png' });

    const conversations = (await (await other.request.get('/api/convos', { headers: bearer(receiver.token) })).json()) as { conversations: Array<{ conversationId: string }> };
    expect(conversations.conversations).toHaveLength(1);
    const messages = (await (await other.request.get(`/api/messages/${conversations.conversations[0]!.conversationId}`, { headers: bearer(receiver.token) })).json()) as Array<{ text: string }>;
    expect(messages.map((message) => message.text)).toEqual(['Tell me about harbour cranes', 'Cranes lift containers.']);
    const files = (await (await other.request.get('/api/files', { headers: bearer(receiver.token) })).json()) as Array<{ filename: string }>;
    expect(files.map((file) => file.filename)).toEqual(['notes.txt']);
    // The mover's own data is untouched and was not duplicated into their account.
    expect(((await (await page.request.get('/api/convos', { headers: bearer(mover.token) })).json()) as { conversations: unknown[] }).conversations).toHaveLength(1);
  });
});
