import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolResultsIn } from '../../testing/tool-results-in.js';
import { writeYamlFile } from '../../testing/yaml-file.js';
import { assistantsPage, scriptToolCall } from './support/assistants-page.js';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { bearer, signUp } from './support/seed.js';

let e2e: ChatE2eContext;
let yaml: ReturnType<typeof writeYamlFile>;
let page: Page;

beforeAll(async () => {
  // Retrieval is offered only for the retrieval models of the yaml.
  yaml = writeYamlFile('endpoints:\n  assistants:\n    retrievalModels: [gpt-4o]\n');
  e2e = await startChatE2e({ TITLE_CONVO: 'false', CONFIG_PATH: yaml.path }, { assistants: true });
}, 60_000);

afterAll(async () => {
  await e2e?.close();
  yaml?.remove();
});

/**
 * Records each label a tool call's summary shows, in order: the running label may last less than a
 * poll, so the page notes every change itself.
 */
async function recordToolLabels() {
  await page.evaluate(() => {
    const seen: string[] = [];
    Reflect.set(window, 'toolLabelsSeen', seen);
    // The label is the summary's last child (the spinner before it has its own hidden text); calls already shown are skipped.
    const labels = () => document.querySelectorAll('[role="log"] details summary > :last-child');
    const before = labels().length;
    const note = () => {
      const label = [...labels()].slice(before).at(-1)?.textContent?.trim();
      if (label && seen.at(-1) !== label) seen.push(label);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const toolLabelsSeen = () => page.evaluate(() => Reflect.get(window, 'toolLabelsSeen'));

const notes = '# Orchard notes\n\nThe secret ingredient of the harvest soup is smoked paprika, added at the end.\n';

describe('assistant capabilities in the browser', () => {
  it('builds an assistant with code interpreter and retrieval, gets a computed answer and one cited from an uploaded file', async () => {
    page = await e2e.newPage();
    const { builder, replies, openBuilder, chooseEndpoint, ask } = assistantsPage(page);
    const script = (call: Parameters<typeof scriptToolCall>[1], answer: Parameters<typeof scriptToolCall>[2]) => scriptToolCall(e2e.upstreams, call, answer);
    const { token } = await signUp(page, 'capabilities');
    await page.goto('/c/new');
    await openBuilder();

    // Retrieval is disabled for a model outside retrievalModels, enabled for gpt-4o.
    await builder().getByLabel('Name', { exact: true }).fill('Analyst');
    await builder().getByLabel('Model', { exact: true }).selectOption('gpt-4o-mini');
    await expect.poll(() => builder().getByRole('checkbox', { name: 'Retrieval' }).isDisabled()).toBe(true);
    await builder().getByLabel('Model', { exact: true }).selectOption('gpt-4o');
    await expect.poll(() => builder().getByRole('checkbox', { name: 'Retrieval' }).isEnabled()).toBe(true);
    await builder().getByRole('checkbox', { name: 'Code Interpreter' }).check();
    await builder().getByRole('checkbox', { name: 'Retrieval' }).check();
    // Knowledge needs a saved assistant with one of the two on.
    expect(await builder().getByRole('button', { name: 'Upload files' }).isDisabled()).toBe(true);
    await builder().getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByText('Assistant created').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => builder().getByRole('button', { name: 'Upload files' }).isEnabled()).toBe(true);

    // The knowledge files, uploaded in the builder, are listed by name in spec 001's two groups and attached on the server:
    // the Markdown file serves retrieval and the code interpreter, the CSV the code interpreter only.
    await builder().getByTestId('assistant-knowledge-input').setInputFiles({ name: 'orchard-notes.md', mimeType: 'text/markdown', buffer: Buffer.from(notes) });
    const knowledge = builder().getByRole('list', { name: 'Knowledge' });
    await expect.poll(() => knowledge.innerText(), { timeout: 15_000 }).toContain('orchard-notes.md');
    await builder().getByTestId('assistant-knowledge-input').setInputFiles({ name: 'harvest.csv', mimeType: 'text/csv', buffer: Buffer.from('crop,baskets\nwalnut,57\n') });
    const codeOnly = builder().getByRole('list', { name: 'The following files are only available for Code Interpreter:' });
    await expect.poll(() => codeOnly.innerText(), { timeout: 15_000 }).toContain('harvest.csv');
    expect(await knowledge.innerText()).not.toContain('harvest.csv');
    expect(await codeOnly.innerText()).not.toContain('orchard-notes.md');
    const listed = await page.request.get('/api/assistants', { headers: bearer(token) });
    const [stored] = ((await listed.json()) as { data: { id: string; model: string; tools: { type: string }[]; file_ids: string[] }[] }).data;
    expect(stored).toMatchObject({ model: 'gpt-4o', file_ids: [expect.any(String), expect.any(String)] });
    expect(stored!.tools.map((tool) => tool.type).sort()).toEqual(['code_interpreter', 'retrieval']);

    // Chat on the assistants endpoint with it.
    await chooseEndpoint('Assistants');
    await expect.poll(() => page.getByRole('combobox', { name: 'Select an assistant' }).inputValue()).toBe(stored!.id);

    // A computation: the fake model runs Python, then answers with what it printed.
    const code = 'print(sum(range(1, 101)) * 3)';
    script({ id: 'call_code', name: 'code_interpreter', input: { code } }, (results) => `The result is ${results.join().match(/\d+/)?.[0]}.`);
    await recordToolLabels();
    await ask('What is three times the sum of 1 to 100?');
    const computed = replies().last();
    const analysis = computed.locator('details').first();
    await expect.poll(() => computed.innerText(), { timeout: 30_000 }).toContain('The result is 15150.');
    await expect.poll(() => analysis.getAttribute('data-tool-state')).toBe('done');
    expect(await analysis.locator('summary').innerText()).toContain('Finished analyzing');
    await analysis.locator('summary').click();
    const inside = await analysis.innerText();
    expect(inside).toMatch(/Input[\s\S]*sum\(range\(1, 101\)\) \* 3/);
    expect(inside).toMatch(/Output[\s\S]*15150/);
    expect(await toolLabelsSeen()).toEqual(['Analyzing', 'Finished analyzing']);

    // A question on the knowledge: the fake model searches it and cites the mark it was given.
    script({ id: 'call_search', name: 'retrieval', input: { query: 'secret ingredient of the harvest soup' } }, (results) => {
      const mark = results.join('\n').match(/\^(\d+)\^ \(orchard-notes\.md\)/)?.[1];
      return `The soup gets smoked paprika ^${mark}^.`;
    });
    const stream = page.waitForResponse((response) => response.url().endsWith('/api/assistants/chat'));
    await recordToolLabels();
    await ask('What is the secret ingredient of the harvest soup?');
    const cited = replies().last();
    await expect.poll(() => cited.innerText(), { timeout: 30_000 }).toContain('smoked paprika');
    const search = cited.locator('details').first();
    await expect.poll(() => search.getAttribute('data-tool-state')).toBe('done');
    expect(await search.locator('summary').innerText()).toContain('Used retrieval');
    // The search is local and fast, yet the page shows "Searching my knowledge" before "Used retrieval" (spec 001).
    expect(await toolLabelsSeen()).toEqual(['Searching my knowledge', 'Used retrieval']);
    const frames = await (await stream).text();
    expect(frames).toMatch(/"tool_call":\{"id":"call_search","type":"retrieval","retrieval":\{\},"progress":0\.01\}/);
    const answer = await cited.innerText();
    // The marks stay as LibreChat shows them: `^1^` in the text, `^1.^ file` in the source list.
    expect(answer).toContain('The soup gets smoked paprika ^1^.');
    expect(answer).toContain('^1.^ orchard-notes.md');
    const upstream = e2e.upstreams.openai.control.requests.filter((request) => request.path.endsWith('/chat/completions'));
    expect(toolResultsIn(upstream.at(-1)!.body).join('\n')).toContain('smoked paprika');
    await page.screenshot({ path: '/tmp/chatbox-assistants-capabilities.png' });

    // Reopened, both replies keep their tool calls and answers.
    await expect.poll(() => page.url()).toMatch(/\/c\/[0-9a-f-]{36}$/);
    await page.reload();
    await expect.poll(() => replies().last().innerText(), { timeout: 15_000 }).toContain('orchard-notes.md');
    const summaries = await page.getByRole('log', { name: 'Messages' }).locator('details summary').allInnerTexts();
    expect(summaries).toEqual([expect.stringContaining('Finished analyzing'), expect.stringContaining('Used retrieval')]);
  }, 180_000);
});
