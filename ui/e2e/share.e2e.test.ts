import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { askNewConversation, bearer, NO_PARENT, signUp } from './support/seed.js';

// A 1×1 PNG: the server sniffs images by their bytes.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let e2e: ChatE2eContext;

beforeAll(async () => {
  e2e = await startChatE2e({ TITLE_CONVO: 'false' });
});
afterAll(async () => {
  await e2e?.close();
});

/** What a visitor sees on the page of a link: the messages, and no way to write. */
async function expectReadOnlyPage(page: Page, url: string) {
  await page.goto(url);
  await page.getByText('Lisbon has great tascas').waitFor();
  expect(await page.getByText('Where should I eat in Lisbon?').count()).toBe(1);
  expect(await page.getByRole('textbox').count()).toBe(0);
  expect(await page.getByRole('button', { name: /^User menu/ }).count()).toBe(0);
  expect(await page.getByRole('navigation').count()).toBe(0);
}

describe('share links in the browser', () => {
  it('shares a conversation, opens the link signed out and as another user, and revokes it', async () => {
    const owner = await e2e.newPage();
    const { token } = await signUp(owner, 'share-owner');
    e2e.upstreams.openai.control.configure({ reply: 'Lisbon has great tascas: try **Alfama**.', chunkSize: 50, delayMs: 0 });
    const conversationId = await askNewConversation(owner.request, token, 'Where should I eat in Lisbon?');

    await owner.goto(`/c/${conversationId}`);
    await owner.getByText('Lisbon has great tascas').first().waitFor();
    await owner.getByRole('button', { name: 'Share conversation' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Share a link to this chat' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const linkField = dialog.getByRole('textbox', { name: 'Shared link' });
    await linkField.waitFor();
    const url = await linkField.inputValue();
    expect(url).toMatch(new RegExp(`^${e2e.server.url}/share/[A-Za-z0-9_-]{22}$`));
    await owner.screenshot({ path: '/tmp/chatbox-share-dialog.png' });

    // A fresh context: no cookie, no token.
    const visitor = await e2e.newPage();
    await expectReadOnlyPage(visitor, url);
    await visitor.screenshot({ path: '/tmp/chatbox-share-page.png' });

    const stranger = await e2e.newPage();
    await signUp(stranger, 'share-stranger');
    await expectReadOnlyPage(stranger, url);

    // A later message stays out of the link until the owner updates it.
    e2e.upstreams.openai.control.configure({ reply: 'Pastéis de nata for dessert.', chunkSize: 50, delayMs: 0 });
    const messages = (await (await owner.request.get(`/api/messages/${conversationId}`, { headers: bearer(token) })).json()) as Array<{ messageId: string }>;
    await owner.request.post('/api/ask/openAI', {
      headers: bearer(token),
      data: { text: 'And dessert?', conversationId, parentMessageId: messages.at(-1)!.messageId, model: 'gpt-4o-mini', endpoint: 'openAI' },
    });
    await visitor.reload();
    await visitor.getByText('Lisbon has great tascas').waitFor();
    expect(await visitor.getByText('Pastéis de nata').count()).toBe(0);
    await owner.reload();
    await owner.getByText('Pastéis de nata').first().waitFor();
    await owner.getByRole('button', { name: 'Share conversation' }).click();
    await dialog.getByRole('button', { name: 'Update link' }).click();
    await owner.getByText('The link now shows the current messages.').waitFor();
    await owner.keyboard.press('Escape');
    await visitor.reload();
    await visitor.getByText('Pastéis de nata').waitFor();

    // Settings → Data lists the link; revoking it there turns the page into "not found".
    await owner.getByRole('button', { name: /^User menu/ }).click();
    await owner.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = owner.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: 'Data controls' }).click();
    const section = settings.getByRole('region', { name: 'Shared links' });
    const title = (await (await owner.request.get(`/api/convos/${conversationId}`, { headers: bearer(token) })).json()).title as string;
    expect(await section.getByRole('link', { name: title }).getAttribute('href')).toBe(url);
    await owner.screenshot({ path: '/tmp/chatbox-share-settings.png' });
    await section.getByRole('button', { name: `Revoke the link to "${title}"` }).click();
    await section.getByText('You have not shared any conversation.').waitFor();

    await visitor.reload();
    await visitor.getByText('This shared link does not exist or was deleted.').waitFor();
    expect(await visitor.getByText('Lisbon has great tascas').count()).toBe(0);
  });

  it('shows the images of a shared conversation to a signed-out visitor', async () => {
    const owner = await e2e.newPage();
    const { token } = await signUp(owner, 'share-images');
    const upload = await owner.request.post('/api/files/images', {
      headers: bearer(token),
      multipart: { file_id: crypto.randomUUID(), endpoint: 'openAI', width: '1', height: '1', file: { name: 'dot.png', mimeType: 'image/png', buffer: png } },
    });
    expect(upload.status()).toBe(200);
    const image = (await upload.json()) as { file_id: string; filepath: string; type: string; width: number; height: number };
    e2e.upstreams.openai.control.configure({ reply: 'A single dot.', chunkSize: 50, delayMs: 0 });
    const asked = await owner.request.post('/api/ask/openAI', {
      headers: bearer(token),
      data: { text: 'What is this?', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI', files: [{ file_id: image.file_id, filepath: image.filepath, type: image.type, width: image.width, height: image.height }] },
    });
    const conversationId = /"conversationId":"([^"]+)"/.exec(await asked.text())![1];
    const shared = await owner.request.post(`/api/share/${conversationId}`, { headers: bearer(token) });
    const { shareId } = (await shared.json()) as { shareId: string };

    const visitor = await e2e.newPage();
    await visitor.goto(`/share/${shareId}`);
    await visitor.getByText('A single dot.').waitFor();
    const shown = visitor.getByRole('img', { name: 'Shared image' });
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1);
  });

  it('hides the share controls when the operator turns sharing off', async () => {
    const off = await startChatE2e({ TITLE_CONVO: 'false', ALLOW_SHARED_LINKS: 'false' });
    try {
      const page = await off.newPage();
      const { token } = await signUp(page, 'share-off');
      off.upstreams.openai.control.configure({ reply: 'Hello back', chunkSize: 50, delayMs: 0 });
      const conversationId = await askNewConversation(page.request, token, 'Hello');
      await page.goto(`/c/${conversationId}`);
      await page.getByText('Hello back').first().waitFor();
      await page.getByRole('button', { name: 'Rename conversation' }).waitFor();
      expect(await page.getByRole('button', { name: 'Share conversation' }).count()).toBe(0);
      await page.getByRole('button', { name: /^User menu/ }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.getByRole('tab', { name: 'Data controls' }).click();
      await settings.getByRole('button', { name: 'Clear', exact: true }).waitFor();
      expect(await settings.getByText('Shared links').count()).toBe(0);
    } finally {
      await off.close();
    }
  });
});
