import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FakeUpstreams, RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { toolResultsIn } from '../../../testing/tool-results-in.js';

/**
 * The assistants screens as the e2e tests drive them: the side panel's builder, the endpoint menu,
 * the composer and the replies, found by role and name as a user finds them.
 */
export function assistantsPage(page: Page) {
  const panel = () => page.getByRole('complementary', { name: 'Side panel' });
  const builder = () => page.getByRole('form', { name: 'Assistant builder' });
  const composer = () => page.getByRole('textbox', { name: 'Message', exact: true });
  return {
    panel,
    builder,
    composer,
    picker: () => panel().getByRole('combobox', { name: 'Assistant', exact: true }),
    replies: () => page.getByRole('log', { name: 'Messages' }).getByRole('article'),

    /** The panel starts as a strip of icon buttons; an open panel shows the same choices as tabs. */
    async openBuilder() {
      await panel().waitFor();
      const tab = panel().getByRole('tab', { name: 'Assistant builder' });
      if ((await tab.count()) === 0) await panel().getByRole('button', { name: 'Assistant builder' }).click();
      else await tab.click();
      await expect.poll(() => builder().isVisible(), { timeout: 15_000 }).toBe(true);
    },

    async chooseEndpoint(label: string) {
      await page.getByRole('button', { name: /^Endpoint:/ }).click();
      await page.getByRole('menu', { name: 'Endpoints' }).getByRole('menuitemradio', { name: label }).click();
      await expect.poll(() => page.getByRole('button', { name: `Endpoint: ${label}` }).count()).toBe(1);
    },

    async ask(text: string) {
      await expect.poll(() => composer().isEnabled(), { timeout: 15_000 }).toBe(true);
      await composer().fill(text);
      await composer().press('Enter');
    },
  };
}

/** The fake model calls `call` while no tool result is in the request, then answers with `answer` of the results. */
export function scriptToolCall(upstreams: FakeUpstreams, call: { id: string; name: string; input: Record<string, unknown> }, answer: (results: string[]) => string, firstText = '') {
  upstreams.openai.control.configure({
    reply: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? firstText : answer(toolResultsIn(request.body))),
    toolCalls: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? [call] : []),
  });
}
