import { describe, expect, it } from 'vitest';
import type { Tool, ToolContext } from '../plugin-api/index.js';
import { runToolCall, truncateOutput } from './run-tool-call.js';

const warnings: string[] = [];
const context = (signal = new AbortController().signal): ToolContext => ({
  signal, userId: 'u1', credentials: {}, fetch: globalThis.fetch,
  log: { debug() {}, info() {}, warn: (message, fields) => warnings.push(`${message} ${JSON.stringify(fields)}`), error() {} },
});
const limits = { timeoutMs: 1_000, maxOutputChars: 100 };
const tool = (execute: Tool['execute'], inputSchema: Tool['inputSchema'] = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }): Tool => ({ name: 'probe', description: 'a probe', manifest: { displayName: 'Probe', summary: 'a probe', icon: '', credentials: [] }, inputSchema, execute });
const call = (input: string) => ({ id: 'c1', name: 'probe', input });

describe('runToolCall', () => {
  it('passes the parsed, validated input and answers the output', async () => {
    const seen: unknown[] = [];
    const result = await runToolCall(call('{"n": 3}'), tool(async (input) => (seen.push(input), [{ type: 'text', text: 'ok' }])), context(), limits);
    expect(seen).toEqual([{ n: 3 }]);
    expect(result).toEqual({ call: call('{"n": 3}'), input: { n: 3 }, output: [{ type: 'text', text: 'ok' }], isError: false });
  });

  it.each([
    ['{"n": ', /^error processing tool probe: the input is not valid JSON/],
    ['{"n": "three"}', /^error processing tool probe: the input does not match the tool's schema \(n: /],
    ['{}', /^error processing tool probe: the input does not match the tool's schema \(n: /],
  ])('answers input %j as an error without running the tool', async (input, message) => {
    let ran = false;
    const result = await runToolCall(call(input), tool(async () => ((ran = true), [])), context(), limits);
    expect(ran).toBe(false);
    expect(result.isError).toBe(true);
    expect(result.output).toEqual([{ type: 'text', text: expect.stringMatching(message) }]);
  });

  it('reads an empty input as {} and answers an unknown tool as an error', async () => {
    const empty = await runToolCall(call(''), tool(async (input) => [{ type: 'text', text: JSON.stringify(input) }], { type: 'object', properties: {} }), context(), limits);
    expect(empty.output).toEqual([{ type: 'text', text: '{}' }]);
    const missing = await runToolCall({ id: 'c2', name: 'ghost', input: '{}' }, undefined, context(), limits);
    expect(missing.output).toEqual([{ type: 'text', text: 'error processing tool ghost: no tool named "ghost" is available' }]);
  });

  it('turns a throw into "error processing tool" and logs it under the tool', async () => {
    const result = await runToolCall(call('{"n":1}'), tool(async () => { throw new Error('upstream 503'); }), context(), limits);
    expect(result).toMatchObject({ isError: true, output: [{ type: 'text', text: 'error processing tool probe: upstream 503' }] });
    expect(warnings.at(-1)).toContain('upstream 503');
  });

  it('answers at the timeout even when the tool ignores its signal, and the signal has fired', async () => {
    let signal: AbortSignal | undefined;
    const started = Date.now();
    const result = await runToolCall(call('{"n":1}'), tool((_, { signal: given }) => ((signal = given), new Promise(() => {}))), context(), { ...limits, timeoutMs: 50 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(signal?.aborted).toBe(true);
    expect(result.output).toEqual([{ type: 'text', text: 'error processing tool probe: it did not answer within 50 ms' }]);
  });

  it("bounds a call by the tool's own timeout when it has one (an MCP server's), not the loop's", async () => {
    const patient = { ...tool((_, { signal }) => new Promise((resolve) => signal.addEventListener('abort', () => resolve([])))), timeoutMs: 30 };
    const result = await runToolCall(call('{"n":1}'), patient, context(), { ...limits, timeoutMs: 60_000 });
    expect(result.output).toEqual([{ type: 'text', text: 'error processing tool probe: it did not answer within 30 ms' }]);
  });

  it('answers a stop at once, and does not start a tool when the turn is already stopped', async () => {
    const stop = new AbortController();
    let ran = false;
    const pending = runToolCall(call('{"n":1}'), tool(() => new Promise(() => {})), context(stop.signal), limits);
    stop.abort();
    expect((await pending).output).toEqual([{ type: 'text', text: 'error processing tool probe: the turn was stopped' }]);
    const late = await runToolCall(call('{"n":1}'), tool(async () => ((ran = true), [])), context(stop.signal), limits);
    expect(ran).toBe(false);
    expect(late.isError).toBe(true);
  });
});

describe('truncateOutput', () => {
  it('keeps an output within the budget as it is', () => {
    const parts = [{ type: 'text' as const, text: 'short' }];
    expect(truncateOutput(parts, 10)).toBe(parts);
  });

  it('cuts the text across parts, keeps images, and says how much there was', () => {
    const image = { type: 'image' as const, url: 'data:image/png;base64,AAAA' };
    expect(truncateOutput([{ type: 'text', text: 'abcdef' }, image, { type: 'text', text: 'ghijkl' }], 8)).toEqual([
      { type: 'text', text: 'abcdef' },
      image,
      { type: 'text', text: 'gh' },
      { type: 'text', text: '\n[output truncated: the tool returned 12 characters, only the first 8 are shown]' },
    ]);
  });
});
