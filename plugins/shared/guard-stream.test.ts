import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { ChatPart } from '../../core/plugin-api/index.js';
import { guardStream } from './guard-stream.js';
import { providerFailure } from './provider-failure.js';
import { collectParts, neverAborted } from './stream-test-helpers.js';

const classify = (error: unknown) => providerFailure('server_error', String(error));
const text = (value: string): ChatPart => ({ type: 'text-delta', text: value });
const stop: ChatPart = { type: 'finish', finishReason: 'stop' };

/** Waits until the signal fires, like an SDK read that only ends on abort. */
const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));

describe('guardStream', () => {
  it('turns a throw after some parts into a classified error part', async () => {
    const parts = await collectParts(
      guardStream({ signal: neverAborted(), classify }, async function* () {
        yield text('a');
        throw new Error('boom');
      }),
    );
    expect(parts).toEqual([text('a'), { type: 'error', error: expect.objectContaining({ kind: 'server_error', message: 'Error: boom' }) }]);
  });

  it('closes a source that ends without finish with a malformed_stream error', async () => {
    const parts = await collectParts(guardStream({ signal: neverAborted(), classify }, async function* () {
      yield text('a');
    }));
    expect(parts.at(-1)).toEqual({ type: 'error', error: expect.objectContaining({ kind: 'malformed_stream' }) });
  });

  it('ends at the first finish', async () => {
    const parts = await collectParts(guardStream({ signal: neverAborted(), classify }, async function* () {
      yield stop;
      yield text('late');
    }));
    expect(parts).toEqual([stop]);
  });

  it('reports an abort even when the source swallows it and ends quietly', async () => {
    const controller = new AbortController();
    const stream = guardStream({ signal: controller.signal, classify }, async function* (signal) {
      yield text('a');
      await untilAborted(signal);
      yield stop;
    });
    const parts: ChatPart[] = [];
    for await (const part of stream) {
      parts.push(part);
      controller.abort();
    }
    expect(parts).toEqual([text('a'), { type: 'error', error: expect.objectContaining({ kind: 'aborted', isRetryable: false }) }]);
  });

  it('times out a silent source and aborts it', async () => {
    let sourceSignal: AbortSignal | undefined;
    const parts = await collectParts(guardStream({ signal: neverAborted(), classify, idleTimeoutMs: 50 }, async function* (signal) {
      sourceSignal = signal;
      yield text('a');
      await untilAborted(signal);
    }));
    expect(parts).toEqual([text('a'), { type: 'error', error: expect.objectContaining({ kind: 'timeout', isRetryable: true }) }]);
    expect(sourceSignal?.aborted).toBe(true);
  });

  it('does not count a slow consumer as upstream silence', async () => {
    const stream = guardStream({ signal: neverAborted(), classify, idleTimeoutMs: 40 }, async function* () {
      yield text('a');
      yield text('b');
      yield stop;
    });
    const parts: ChatPart[] = [];
    for await (const part of stream) {
      parts.push(part);
      await sleep(100);
    }
    expect(parts).toEqual([text('a'), text('b'), stop]);
  });

  it('aborts the source when the consumer stops early', async () => {
    let sourceSignal: AbortSignal | undefined;
    const stream = guardStream({ signal: neverAborted(), classify }, async function* (signal) {
      sourceSignal = signal;
      yield text('a');
      yield text('b');
    });
    for await (const part of stream) if (part.type === 'text-delta') break;
    expect(sourceSignal?.aborted).toBe(true);
  });
});
