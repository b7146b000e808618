import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localeLoaders } from '../src/locales/index.js';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { NO_PARENT, bearer, signUp } from './support/seed.js';

// A real image (a teal square), so the test can tell a shown icon from a broken one.
const icon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#0d9488"/></svg>')}`;

const yaml = [
  'version: 1.0.6',
  'modelSpecs:',
  '  enforce: true',
  '  list:',
  '    - name: "brief"',
  '      label: "Brief answers"',
  '      default: true',
  '      description: "One-line answers from GPT-4o"',
  `      iconURL: "${icon}"`,
  '      preset:',
  '        endpoint: "openAI"',
  '        model: "gpt-4o"',
  '        promptPrefix: "Answer in one line."',
  '        temperature: 0.3',
  '    - name: "poet"',
  '      label: "Poet"',
  '      description: "Verses by Claude"',
  '      iconURL: "anthropic"',
  '      preset:',
  '        endpoint: "anthropic"',
  '        model: "claude-sonnet-4-5"',
  '        promptPrefix: "Answer in verse."',
].join('\n');

let e2e: ChatE2eContext;
let page: Page;
let token: string;
let configDir: string;

beforeAll(async () => {
  configDir = mkdtempSync(join(tmpdir(), 'chatbox-specs-e2e-'));
  writeFileSync(join(configDir, 'librechat.yaml'), yaml);
  e2e = await startChatE2e({ CONFIG_PATH: join(configDir, 'librechat.yaml') });
  page = await e2e.newPage();
  ({ token } = await signUp(page, 'specs'));
  await page.goto('/c/new');
});

afterAll(async () => {
  await e2e?.close();
  rmSync(configDir, { recursive: true, force: true });
});

beforeEach(() => e2e.upstreams.reset());

const composer = () => page.getByRole('textbox', { name: 'Message', exact: true });
const sendButton = () => page.getByRole('button', { name: 'Send message' });

async function send(text: string): Promise<void> {
  await expect.poll(() => composer().isEnabled(), { timeout: 15_000 }).toBe(true);
  await composer().fill(text);
  await composer().press('Enter');
  await expect.poll(() => sendButton().isVisible(), { timeout: 20_000 }).toBe(true);
}

describe('model specs in the browser', () => {
  it('starts on the default spec, offers only the specs, and sends each spec\'s model and preset upstream', async () => {
    e2e.upstreams.openai.control.configure({ reply: 'One line.' });
    e2e.upstreams.anthropic.control.configure({ reply: 'Roses are red.' });
    const picker = page.getByRole('button', { name: 'Model: Brief answers' });
    await expect.poll(() => picker.isVisible(), { timeout: 15_000 }).toBe(true);

    await picker.click();
    const menu = page.getByRole('menu', { name: 'Models' });
    const items = menu.getByRole('menuitemradio');
    expect(await items.allInnerTexts()).toEqual(['Brief answers\nOne-line answers from GPT-4o', 'Poet\nVerses by Claude']);
    // enforce: no endpoint list next to the specs.
    expect(await menu.getByRole('group', { name: 'Endpoints' }).count()).toBe(0);
    const image = items.first().locator('img');
    expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    await page.screenshot({ path: '/tmp/shots/model-specs-menu.png' });
    await page.keyboard.press('Escape');

    await send('Summarise our meeting');
    const openAiBody = e2e.upstreams.openai.control.requests.find((request) => request.body?.stream === true)?.body;
    expect(openAiBody).toMatchObject({ model: 'gpt-4o', temperature: 0.3, messages: [{ role: 'system', content: 'Answer in one line.' }, { role: 'user', content: 'Summarise our meeting' }] });

    await page.getByRole('button', { name: 'Model: Brief answers' }).click();
    await page.getByRole('menuitemradio', { name: /Poet/ }).click();
    await page.waitForURL('**/c/new');
    await expect.poll(() => page.getByRole('button', { name: 'Model: Poet' }).isVisible()).toBe(true);
    await send('Write about tea');
    const anthropicBody = e2e.upstreams.anthropic.control.requests.find((request) => request.body?.stream === true)?.body;
    expect(anthropicBody).toMatchObject({ model: 'claude-sonnet-4-5' });
    expect(JSON.stringify(anthropicBody?.system)).toContain('Answer in verse.');
  });

  it('refuses, over the API, an ask on a model that is not a spec', async () => {
    const response = await page.request.post('/api/ask/openAI', {
      headers: bearer(token),
      data: { text: 'Hi', conversationId: null, parentMessageId: NO_PARENT, endpoint: 'openAI', model: 'gpt-4o-mini' },
    });
    expect(response.status()).toBe(403);
    expect(((await response.json()) as { message: string }).message).toContain('No valid spec');
  });
});

describe('small layout faults', () => {
  it('keeps a code block left to right in Arabic', async () => {
    await page.evaluate(() => window.localStorage.setItem('lang', 'ar-EG'));
    await page.goto('/c/new');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    e2e.upstreams.openai.control.configure({ reply: 'مثال:\n\n```js\nconst total = 1 + 2;\n```' });
    // The composer's accessible name is Arabic now: find it by its place instead.
    const arabicComposer = page.locator('form textarea');
    await expect.poll(() => arabicComposer.isEnabled(), { timeout: 15_000 }).toBe(true);
    await arabicComposer.fill('اكتب مثالا');
    await arabicComposer.press('Enter');
    const pre = page.locator('.markdown pre').first();
    await expect.poll(() => pre.isVisible(), { timeout: 20_000 }).toBe(true);
    const layout = await pre.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element.querySelector('code')!);
      const text = range.getClientRects()[0]!;
      const box = element.getBoundingClientRect();
      return { direction: getComputedStyle(element).direction, fromLeft: text.left - box.left, fromRight: box.right - text.right };
    });
    expect(layout.direction).toBe('ltr');
    // The code starts at the left padding and leaves its free space on the right.
    expect(layout.fromLeft).toBeLessThan(24);
    expect(layout.fromRight).toBeGreaterThan(layout.fromLeft);
    await page.screenshot({ path: '/tmp/shots/code-block-rtl.png' });
  });

  it('fits the search placeholder in its box in German, and in every other language', async () => {
    await page.evaluate(() => window.localStorage.setItem('lang', 'de-DE'));
    await page.goto('/c/new');
    const search = page.getByRole('search').getByRole('textbox');
    await expect.poll(() => search.getAttribute('placeholder'), { timeout: 15_000 }).toBe('Nachrichten suchen');
    const placeholders = await Promise.all(Object.values(localeLoaders).map(async (load) => (await load()).com_ui_search));
    const overflowing = await search.evaluate((input: HTMLInputElement, texts: string[]) => {
      const style = getComputedStyle(input);
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return texts.filter((text) => context.measureText(text).width > room);
    }, placeholders);
    expect(overflowing).toEqual([]);
    await page.screenshot({ path: '/tmp/shots/search-placeholder-de.png' });
  });

  it('shows a toast above the composer, never over the send button, on a wide screen and a phone', async () => {
    await page.evaluate(() => window.localStorage.setItem('lang', 'en-US'));
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 780 }]) {
      await page.setViewportSize(viewport);
      await page.goto('/c/new');
      await expect.poll(() => composer().isEnabled(), { timeout: 15_000 }).toBe(true);
      // A file of a type no endpoint takes: the composer says so in a toast.
      await page.locator('form input[type="file"]').setInputFiles({ name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
      const toast = page.getByRole('alert').filter({ hasText: 'Currently, unsupported file type: application/x-msdownload' });
      await expect.poll(() => toast.isVisible(), { timeout: 5_000 }).toBe(true);
      await expect.poll(() => toast.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
      const toastBox = (await toast.boundingBox())!;
      const sendBox = (await sendButton().boundingBox())!;
      const overlaps =
        toastBox.x < sendBox.x + sendBox.width && sendBox.x < toastBox.x + toastBox.width && toastBox.y < sendBox.y + sendBox.height && sendBox.y < toastBox.y + toastBox.height;
      expect(overlaps, `toast ${JSON.stringify(toastBox)} covers send ${JSON.stringify(sendBox)} at ${viewport.width}px`).toBe(false);
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(sendBox.y);
      await page.screenshot({ path: `/tmp/shots/toast-above-composer-${viewport.width}.png` });
      await toast.getByRole('button', { name: 'Dismiss' }).click();
    }
  });
});
