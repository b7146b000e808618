import type { Page } from 'playwright-core';

/** One Content-Security-Policy violation as the page reported it. */
export interface Violation {
  directive: string;
  blocked: string;
  /** Where it happened (file:line:column), to find the culprit when a test fails. */
  where: string;
  target: string;
}

/**
 * Records every Content-Security-Policy violation of a page: `securitypolicyviolation` events from
 * the first script on (Playwright's init scripts are not subject to the page's policy), and
 * Chromium's console refusals, which also cover pages the test navigated away from. Returns a
 * function that reads both (the events of the page as it is now).
 */
export async function watchViolations(page: Page, onRefusal: (text: string) => void = () => undefined): Promise<() => Promise<Array<Violation | string>>> {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (!/Content Security Policy/i.test(message.text())) return;
    refusals.push(message.text());
    onRefusal(`${page.url()}: ${message.text()}`);
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
