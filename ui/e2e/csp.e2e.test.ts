import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';

let e2e: ChatE2eContext;
beforeAll(async () => {
  e2e = await startChatE2e({ TITLE_CONVO: 'false' });
});
afterAll(async () => {
  await e2e?.close();
});

interface Violation {
  directive: string;
  blocked: string;
  /** Where it happened (file:line:column), to find the culprit when this test fails. */
  where: string;
  target: string;
}

/**
 * Records every Content-Security-Policy violation the page reports, from the first script on
 * (Playwright's init scripts are not subject to the page's policy), and Chromium's console refusals.
 */
async function watchViolations(page: Page): Promise<() => Promise<Array<Violation | string>>> {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      const target = event.target instanceof Element ? event.target.outerHTML.slice(0, 160) : String(event.target);
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, where: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`, target });
    });
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations)), ...refusals];
}

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
    const page = await e2e.newPage();
    const violations = await watchViolations(page);
    const first = await page.goto('/login');
    expect(first!.headers()['content-security-policy']).toContain("script-src 'self'");

    // Sign-in: register, sign out, sign in again through the form.
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('analytical-1');
    await page.getByLabel('Confirm password').fill('analytical-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/c/new');
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
