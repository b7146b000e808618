import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';

// A 1×1 PNG and a real two-page PDF (core/files/__fixtures__): the server sniffs both by their bytes.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const pdf = readFileSync(new URL('../../core/files/__fixtures__/harbour-report.pdf', import.meta.url));

let e2e: ChatE2eContext;
let page: Page;

async function register(target: Page, email: string): Promise<void> {
  const response = await target.request.post('/api/auth/register', { data: { name: 'Grace Hopper', email, password: 'compiler-1952', confirm_password: 'compiler-1952' } });
  expect(response.status()).toBe(200);
}

/** An access token for API calls outside the UI. */
async function bearerOf(target: Page, email: string): Promise<{ authorization: string }> {
  const login = await target.request.post('/api/auth/login', { data: { email, password: 'compiler-1952' } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

beforeAll(async () => {
  e2e = await startChatE2e({ TITLE_CONVO: 'false' });
  page = await e2e.newPage();
  await register(page, 'grace-documents@example.com');
  await page.goto('/c/new');
  await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
});
afterAll(async () => {
  await e2e?.close();
});

describe('an image and a PDF in one message', () => {
  it('the model receives the image and the PDF text; the sent PDF card downloads for its owner only', async () => {
    const chooser = page.waitForEvent('filechooser');
    await page.locator('form').getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles([
      { name: 'dot.png', mimeType: 'image/png', buffer: png },
      { name: 'harbour-report.pdf', mimeType: 'application/pdf', buffer: pdf },
    ]);
    const chips = page.getByRole('list', { name: 'Attached files' });
    await chips.getByRole('img', { name: 'dot.png' }).waitFor();
    await chips.getByText('harbour-report.pdf').waitFor();
    await expect.poll(() => chips.getByRole('progressbar').count(), { timeout: 15_000 }).toBe(0);

    e2e.upstreams.openai.control.configure({ reply: 'The keeper counted 42 ships [harbour-report.pdf].' });
    const before = e2e.upstreams.openai.control.requests.length;
    const target = page.getByRole('textbox', { name: 'Message', exact: true });
    await target.fill('How many ships did the keeper count?');
    await target.press('Enter');
    await page.getByText('The keeper counted 42 ships [harbour-report.pdf].').waitFor({ timeout: 20_000 });

    // What the fake OpenAI received: the PDF's text in the system message, the image after the question.
    const sent = e2e.upstreams.openai.control.requests.slice(before).find((request) => request.method === 'POST' && request.path.endsWith('/chat/completions'))!;
    const messages = sent.body.messages as Array<{ role: string; content: unknown }>;
    const system = String(messages.find((message) => message.role === 'system')?.content);
    expect(system).toContain('<filename>harbour-report.pdf</filename>');
    expect(system).toContain('The lighthouse keeper counted 42 ships in April.');
    expect(messages.at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'text', text: 'How many ships did the keeper count?' }, { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/png;base64,/) } }],
    });

    // The sent message shows the PDF as a card named after the file, and it downloads.
    const question = page.getByRole('article', { name: 'You' }).last();
    await question.getByText('harbour-report.pdf').waitFor();
    const download = page.waitForEvent('download');
    await question.getByRole('button', { name: 'Download harbour-report.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('harbour-report.pdf');
    await page.screenshot({ path: '/tmp/chatbox-documents.png' });

    // Nobody else can download it.
    const files = (await (await page.request.get('/api/files', { headers: await bearerOf(page, 'grace-documents@example.com') })).json()) as Array<{ file_id: string; filename: string; user: string; embedded: boolean }>;
    const stored = files.find((file) => file.filename === 'harbour-report.pdf')!;
    expect(stored.embedded).toBe(true);
    const stranger = await e2e.newPage();
    await register(stranger, 'stranger-documents@example.com');
    const refused = await stranger.request.get(`/api/files/download/${stored.user}/${stored.file_id}`, { headers: await bearerOf(stranger, 'stranger-documents@example.com') });
    expect(refused.status()).toBe(403);
    await stranger.context().close();
  });
});
