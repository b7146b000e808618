import { ChatboxError } from '../errors/index.js';

/** How long a turn's stream may stay quiet. Fields of `app.chat.timings`, so tests run them in milliseconds. */
export interface StreamTimings {
  /**
   * A keep-alive frame goes to the client after this long without a frame: proxies and load
   * balancers cut a response that stays silent (nginx after 60 s by default).
   */
  keepAliveMs: number;
  /** A turn fails after this long without anything from the upstream, unless its endpoint sets `timeoutMs` in librechat.yaml. */
  upstreamTimeoutMs: number;
  /**
   * A turn whose client went away keeps streaming this long for a client to re-attach (a reload, GET
   * /api/ask/stream/:conversationId) before it is stopped as spec 000's disconnect stops it.
   */
  reattachGraceMs: number;
}

export const defaultStreamTimings: StreamTimings = { keepAliveMs: 15_000, upstreamTimeoutMs: 120_000, reattachGraceMs: 10_000 };

/**
 * Gives up on an upstream that stays silent: armed when the request goes out and re-armed by every
 * part, it aborts the turn's upstream call after `timeoutMs` of silence and remembers that it did, so
 * the turn reports a timeout rather than a stop. A provider plugin need not time out on its own.
 */
export function watchUpstream(controller: AbortController, timeoutMs: number) {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  return {
    partArrived: () => timer.refresh(),
    stop: () => clearTimeout(timer),
    get timedOut() {
      return timedOut;
    },
    error: () => new ChatboxError('provider_error', `The model provider sent nothing for ${timeoutMs / 1000} s, so the reply was abandoned. Try again later.`),
  };
}
