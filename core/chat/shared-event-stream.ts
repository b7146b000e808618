import type { EventStream } from './event-stream.js';
import type { LiveReplyLog } from '../coordination/live-replies.js';

/**
 * The turn's stream, shared with clients that re-attach: every frame goes to the requesting client
 * and into the turn's log. A client that goes away no longer stops the turn at once: a reload
 * re-attaches within `graceMs`, so the turn is stopped (as spec 000's disconnect does, partial reply
 * kept) only once neither the requesting client nor any re-attached one has watched for `graceMs`.
 */
export function shareEventStream(stream: EventStream, log: LiveReplyLog, graceMs: number): EventStream {
  const disconnectListeners: Array<() => void> = [];
  let timer: NodeJS.Timeout | undefined;
  let abandoned = false;
  let over = false;

  const abandon = () => {
    abandoned = true;
    for (const listener of disconnectListeners) listener();
  };
  const watch = () => {
    if (over || abandoned) return;
    const watched = !stream.closed || log.watchers > 0;
    if (watched) {
      clearTimeout(timer);
      timer = undefined;
    } else if (!timer) timer = setTimeout(abandon, graceMs);
  };
  stream.onDisconnect(watch);
  log.onWatchersChanged(watch);
  const finish = () => {
    over = true;
    clearTimeout(timer);
  };

  return {
    send(frame) {
      log.record(frame);
      stream.send(frame);
    },
    fail(frame) {
      finish();
      log.fail(frame);
      stream.fail(frame);
    },
    end() {
      finish();
      log.end();
      stream.end();
    },
    get closed() {
      return over || abandoned;
    },
    onDisconnect: (listener) => disconnectListeners.push(listener),
  };
}
