import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { watchViolations } from './support/csp-watch.js';
import { submitSignUpForm } from './support/signed-in-chat.js';

let e2e: ChatE2eContext;
beforeAll(async () => {
  e2e = await startChatE2e({ TITLE_CONVO: 'false' });
});
afterAll(async () => {
  await e2e?.close();
});

const reply = [
  'Some code:',
  '',
  '```ts',
  'export function greet(name: string): string {',
  '  return `Hello, ${name}!`;',
  '}',
  '```',
  '',
  'And math: $e^{i\\pi} + 1 = 0$, or displayed:',
  '',
  '$$\\int_0^1 x^2 \\, dx = \\frac{1}{3}$$',
  '',
  'And TeX KaTeX cannot read: $\\frac{1}{$ here.',
].join('\n');

describe('the Content-Security-Policy in Chromium', () => {
  it('sign-in, a reply with code and math, theme switching and a reload report no violation', async () => {
    // A page of its own: its last step provokes violations on purpose, which newPage's watch would report.
    const page = await (await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: { width: 1280, height: 800 } })).newPage();
    const violations = await watchViolations(page);
    const first = await page.goto('/login');
    expect(first!.headers()['content-security-policy']).toContain("script-src 'self'");

    // Sign-in: register, sign out, sign in again through the form.
    await page.getByRole('link', { name: 'Sign up' }).click();
    await submitSignUpForm(page);
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('analytical-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/c/new');

    // A reply with a highlighted code block and KaTeX, whose layout lives in style properties.
    e2e.upstreams.openai.control.configure({ reply, chunkSize: 40, delayMs: 5 });
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await expect.poll(() => composer.isEnabled(), { timeout: 15_000 }).toBe(true);
    await composer.fill('Show me code and math');
    await composer.press('Enter');
    const answer = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'ChatGPT' }).last();
    await expect.poll(() => answer.locator('.katex-display').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => answer.locator('.hljs-keyword').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // KaTeX's stylesheet and fonts loaded, and its inline layout survived: the fraction is stacked.
    const fraction = answer.locator('.katex-display .mfrac');
    expect(await fraction.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(20);
    expect(await answer.locator('.katex-display .vlist').first().evaluate((element) => (element as HTMLElement).style.height)).not.toBe('');
    expect(await page.evaluate(() => document.fonts.check('16px KaTeX_Main'))).toBe(true);
    expect(await answer.locator('.katex-error').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(204, 0, 0)');

    // Theme switching, then a reload where the before-paint script applies the stored theme.
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByLabel('Theme').selectOption('dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => [document.documentElement.classList.contains('dark'), document.documentElement.style.colorScheme])).toEqual([true, 'dark']);
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Theme').selectOption('light');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);

    expect(await violations()).toEqual([]);

    // The watch itself works: parsed style markup and an inline script are refused and reported.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<div style="color: red">styled</div>');
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
    });
    await expect.poll(async () => (await violations()).map((entry) => (typeof entry === 'string' ? 'console' : entry.directive))).toEqual(expect.arrayContaining(['style-src-attr', 'script-src-elem']));
    expect(await page.evaluate(() => 'inlineRan' in window)).toBe(false);
    await page.context().close();
  });
});
