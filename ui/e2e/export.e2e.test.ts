import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { bearer, NO_PARENT, signUp } from './support/seed.js';

let e2e: ChatE2eContext;

beforeAll(async () => {
  e2e = await startChatE2e({ TITLE_CONVO: 'false' });
});
afterAll(async () => {
  await e2e?.close();
});

interface Message {
  messageId: string;
  parentMessageId: string;
  sender: string;
  text: string;
  isCreatedByUser: boolean;
  createdAt: string;
}

async function ask(page: Page, token: string, text: string, conversationId: string | null, parentMessageId: string): Promise<string> {
  const response = await page.request.post('/api/ask/openAI', {
    headers: bearer(token),
    data: { text, conversationId, parentMessageId, model: 'gpt-4o-mini', endpoint: 'openAI' },
  });
  const final = (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { final?: boolean; conversation?: { conversationId: string } })
    .find((frame) => frame.final);
  if (!final?.conversation) throw new Error('no final frame');
  return final.conversation.conversationId;
}

async function download(page: Page, type: string, setup?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Export conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export conversation' });
  await dialog.getByLabel('Type').selectOption(type);
  await setup?.(dialog);
  const [file] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export', exact: true }).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** Width, height and the top-left pixel of a PNG, decoded by the browser itself. */
async function decodePng(page: Page, bytes: Buffer) {
  return page.evaluate(async (base64) => {
    // From the bytes, not a data: URL: the page's CSP allows no fetch of one.
    const blob = new Blob([Uint8Array.from(atob(base64), (character) => character.charCodeAt(0))], { type: 'image/png' });
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    return { width: bitmap.width, height: bitmap.height, corner: [...context.getImageData(1, 1, 1, 1).data] };
  }, bytes.toString('base64'));
}

describe('conversation export in the browser', () => {
  it('exports a conversation with a branch as LibreChat text, markdown, json and csv, and a whole-conversation PNG', async () => {
    const page = await e2e.newPage();
    const { token } = await signUp(page, 'export');
    e2e.upstreams.openai.control.configure({ reply: 'First, "quoted" answer', chunkSize: 50, delayMs: 0 });
    const conversationId = await ask(page, token, 'Hello, there', null, NO_PARENT);
    // A second question on the same root: a branch; the newest is the one shown.
    e2e.upstreams.openai.control.configure({ reply: 'Second answer\non two lines', chunkSize: 50, delayMs: 0 });
    await ask(page, token, 'Another try', conversationId, NO_PARENT);
    const messages = (await (await page.request.get(`/api/messages/${conversationId}`, { headers: bearer(token) })).json()) as Message[];
    const [question1, answer1, question2, answer2] = messages;
    expect(messages.map((message) => message.text)).toEqual(['Hello, there', 'First, "quoted" answer', 'Another try', 'Second answer\non two lines']);

    // No export without a saved conversation.
    await page.goto('/c/new');
    await page.getByRole('button', { name: /^User menu/ }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Export conversation' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    await page.goto(`/c/${conversationId}`);
    await page.getByText('Second answer').first().waitFor();
    const title = (await (await page.request.get(`/api/convos/${conversationId}`, { headers: bearer(token) })).json()).title as string;

    const text = await download(page, 'text');
    const body = text.bytes.toString('utf8');
    const exportAt = /exportAt: (.*)\n/.exec(body)![1];
    expect(body).toBe(
      `Conversation\n########################\nconversationId: ${conversationId}\nendpoint: openAI\ntitle: ${title}\nexportAt: ${exportAt}\n` +
        `\nOptions\n########################\npresetId: null\nmodel: gpt-4o-mini\nchatGptLabel: null\npromptPrefix: null\ntemperature: 1\ntop_p: 1\npresence_penalty: 0\nfrequency_penalty: 0\nresendFiles: true\nimageDetail: auto\nendpoint: openAI\nendpointType: undefined\ntitle: ${title}\n` +
        `\nHistory\n########################\n>> ${question2.sender}:\nAnother try\n\n\n>> ${answer2.sender}:\nSecond answer\non two lines\n\n\n`,
    );

    const markdown = (await download(page, 'markdown')).bytes.toString('utf8');
    expect(markdown).toContain(`# Conversation\n- conversationId: ${conversationId}\n`);
    expect(markdown.endsWith(`## History\n**${question2.sender}:**\nAnother try\n\n\n**${answer2.sender}:**\nSecond answer\non two lines\n\n\n`)).toBe(true);

    const csv = await download(page, 'csv');
    expect(csv.name).toBe(`${title.replace(/\s+/, '_')}.csv`);
    const row = (message: Message) =>
      [message.sender, /[,"\n]/.test(message.text) ? `"${message.text.replace(/"/g, '""')}"` : message.text, message.isCreatedByUser, false, false, message.messageId, message.parentMessageId, message.createdAt].join(',');
    expect(csv.bytes.toString('utf8')).toBe(['sender,text,isCreatedByUser,error,unfinished,messageId,parentMessageId,createdAt', ...[question1, answer1, question2, answer2].map(row)].join('\r\n'));

    const json = JSON.parse((await download(page, 'json')).bytes.toString('utf8'));
    expect(Object.keys(json)).toEqual(['conversationId', 'endpoint', 'title', 'exportAt', 'branches', 'recursive', 'options', 'messagesTree']);
    expect(json.messagesTree.map((root: Message) => root.messageId)).toEqual([question1.messageId, question2.messageId]);
    expect(json.messagesTree[1].children[0]).toEqual({ ...answer2, children: [] });

    const sequential = JSON.parse(
      (await download(page, 'json', async (dialog) => {
        await dialog.getByLabel('Recursive').uncheck();
        await dialog.getByLabel('Export all message branches').uncheck();
      })).bytes.toString('utf8'),
    );
    expect(sequential).toMatchObject({ branches: false, recursive: false });
    expect(sequential.messages).toEqual([question2, answer2]);

    // Screenshots: the dark one on #171717, the light one on white, taller for a longer conversation.
    await page.evaluate(() => localStorage.setItem('color-theme', 'dark'));
    await page.reload();
    await page.getByText('Second answer').first().waitFor();
    const dark = await download(page, 'screenshot');
    expect(dark.name).toBe(`${title}.png`);
    const darkImage = await decodePng(page, dark.bytes);
    expect(darkImage.corner).toEqual([0x17, 0x17, 0x17, 255]);

    for (let turn = 0; turn < 12; turn += 1) {
      e2e.upstreams.openai.control.configure({ reply: `Reply number ${turn} with some words to fill a line.`, chunkSize: 100, delayMs: 0 });
      const parent = ((await (await page.request.get(`/api/messages/${conversationId}`, { headers: bearer(token) })).json()) as Message[]).at(-1)!;
      await ask(page, token, `Question ${turn}`, conversationId, parent.messageId);
    }
    await page.evaluate(() => localStorage.setItem('color-theme', 'light'));
    await page.reload();
    await page.getByText('Reply number 11').first().waitFor();
    const light = await download(page, 'screenshot');
    const lightImage = await decodePng(page, light.bytes);
    expect(lightImage.corner).toEqual([255, 255, 255, 255]);
    expect(lightImage.height).toBeGreaterThan(darkImage.height + 12 * 100);
    // The whole conversation, not the window: far taller than the viewport.
    expect(lightImage.height).toBeGreaterThan(page.viewportSize()!.height * 2);
  });
});
