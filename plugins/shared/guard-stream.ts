import type { ChatPart, ProviderFailure } from '../../core/plugin-api/index.js';
import { providerFailure } from './provider-failure.js';

export interface GuardOptions {
  /** The caller's signal: the client went away or pressed stop. */
  signal: AbortSignal;
  /** Turns whatever the SDK threw into a classified failure. */
  classify(error: unknown): ProviderFailure;
  /** Longest silence between two parts before the call is abandoned as a timeout. */
  idleTimeoutMs?: number;
}

const isLast = (part: ChatPart) => part.type === 'finish' || part.type === 'error';

/**
 * Runs a provider pipeline so that it honours the ChatProvider contract whatever the SDK does: it never
 * throws, it always ends with exactly one `finish` or `error`, an abort is reported as `aborted` even
 * when the SDK swallows it, a silent upstream becomes a `timeout`, and the upstream request is
 * cancelled when the consumer stops reading early.
 */
export async function* guardStream(options: GuardOptions, produce: (signal: AbortSignal) => AsyncIterable<ChatPart>): AsyncGenerator<ChatPart> {
  const internal = new AbortController();
  let idleTimer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const armIdleTimer = () => {
    clearTimeout(idleTimer);
    if (options.idleTimeoutMs) {
      idleTimer = setTimeout(() => {
        timedOut = true;
        internal.abort();
      }, options.idleTimeoutMs);
    }
  };
  const interruption = (): ProviderFailure | undefined => {
    if (timedOut) return providerFailure('timeout', `The provider sent nothing for ${options.idleTimeoutMs} ms`);
    if (options.signal.aborted) return providerFailure('aborted', 'The request was aborted');
    return undefined;
  };
  try {
    armIdleTimer();
    for await (const part of produce(AbortSignal.any([options.signal, internal.signal]))) {
      const stop = interruption();
      if (stop) {
        yield { type: 'error', error: stop };
        return;
      }
      // The consumer's own pace must not count as upstream silence.
      clearTimeout(idleTimer);
      yield part;
      if (isLast(part)) return;
      armIdleTimer();
    }
    yield { type: 'error', error: interruption() ?? providerFailure('malformed_stream', 'The stream ended before the model finished') };
  } catch (error) {
    yield { type: 'error', error: interruption() ?? options.classify(error) };
  } finally {
    clearTimeout(idleTimer);
    internal.abort();
  }
}

/** A stream that fails before reaching the upstream (no key, unknown model …). */
export async function* failedStream(failure: ProviderFailure): AsyncGenerator<ChatPart> {
  yield { type: 'error', error: failure };
}
