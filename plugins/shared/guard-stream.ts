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
  // Per stream, not per part: one listener instead of AbortSignal.any, one timer refreshed per part.
  const internal = new AbortController();
  const forwardAbort = () => internal.abort();
  if (options.signal.aborted) internal.abort();
  else options.signal.addEventListener('abort', forwardAbort, { once: true });
  let timedOut = false;
  // The consumer's own pace must not count as upstream silence: while a part is with it, the timer only re-arms.
  let withConsumer = false;
  const idleTimer = options.idleTimeoutMs
    ? setTimeout(() => {
        if (withConsumer) {
          idleTimer!.refresh();
          return;
        }
        timedOut = true;
        internal.abort();
      }, options.idleTimeoutMs)
    : undefined;
  const interruption = (): ProviderFailure | undefined => {
    if (timedOut) return providerFailure('timeout', `The provider sent nothing for ${options.idleTimeoutMs} ms`);
    if (options.signal.aborted) return providerFailure('aborted', 'The request was aborted');
    return undefined;
  };
  // Aborting costs an exception object and every listener of the SDK and of fetch: only when the source did not finish.
  let finished = false;
  try {
    for await (const part of produce(internal.signal)) {
      const stop = interruption();
      if (stop) {
        yield { type: 'error', error: stop };
        return;
      }
      withConsumer = true;
      yield part;
      withConsumer = false;
      if (isLast(part)) {
        finished = part.type === 'finish';
        return;
      }
      idleTimer?.refresh();
    }
    yield { type: 'error', error: interruption() ?? providerFailure('malformed_stream', 'The stream ended before the model finished') };
  } catch (error) {
    yield { type: 'error', error: interruption() ?? options.classify(error) };
  } finally {
    clearTimeout(idleTimer);
    options.signal.removeEventListener('abort', forwardAbort);
    if (!finished) internal.abort();
  }
}

/** A stream that fails before reaching the upstream (no key, unknown model …). */
export async function* failedStream(failure: ProviderFailure): AsyncGenerator<ChatPart> {
  yield { type: 'error', error: failure };
}
