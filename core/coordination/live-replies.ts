import type { ErrorFrame, MessageFrame } from '../protocol/stream-frames.js';

/** Someone who re-attached to a streaming reply (a reloaded page, a second tab). */
export interface LiveReplyWatcher {
  send(frame: MessageFrame): void;
  fail(frame: ErrorFrame): void;
  end(): void;
}

/**
 * The frames of one turn, as late subscribers need them. Bounded: only the cumulative state is kept
 * (the `created` frame and the newest progress frame, whose text is the whole reply so far), never
 * every frame, so a long reply costs one frame of memory however long it streams.
 */
export interface LiveReplyLog {
  record(frame: MessageFrame): void;
  /** The turn ended in an error: watchers get the error frame, and the log is gone. */
  fail(frame: ErrorFrame): void;
  /** The turn ended (after its `final` frame): watchers' streams end, and the log is gone. */
  end(): void;
  /** How many re-attached clients watch now. */
  readonly watchers: number;
  /** Called whenever a watcher comes or goes. */
  onWatchersChanged(listener: () => void): void;
}

export interface Attachment {
  /** The cumulative frames so far (`created`, then the reply so far), to send first. */
  replay: MessageFrame[];
  detach(): void;
}

/**
 * The replies streaming now, by user and conversation, so that a client can re-attach to one
 * (GET /api/ask/stream/:conversationId). In memory on one process; a Redis Streams version (a stream
 * per turn, redis-live-replies.ts) lets a client re-attach on any instance.
 */
export interface LiveReplies {
  open(userId: string, conversationId: string): LiveReplyLog;
  /** Null when no reply of this user streams in this conversation. */
  attach(userId: string, conversationId: string, watcher: LiveReplyWatcher): Promise<Attachment | null>;
}

/** Frames a late subscriber needs to rebuild the reply: the user message and the latest cumulative progress. */
const isCreated = (frame: MessageFrame) => 'created' in frame && frame.created === true;
const isProgress = (frame: MessageFrame) => 'message' in frame && frame.message === true;

export function createMemoryLiveReplies(): LiveReplies {
  const logs = new Map<string, { created?: MessageFrame; progress?: MessageFrame; watchers: Set<LiveReplyWatcher>; changed: Array<() => void> }>();
  const keyOf = (userId: string, conversationId: string) => `${userId}:${conversationId}`;

  return {
    open(userId, conversationId) {
      const key = keyOf(userId, conversationId);
      const entry = { watchers: new Set<LiveReplyWatcher>(), changed: [] as Array<() => void> } as NonNullable<ReturnType<typeof logs.get>>;
      logs.set(key, entry);
      const close = () => {
        // A newer turn of the same conversation may have replaced this one.
        if (logs.get(key) === entry) logs.delete(key);
      };
      return {
        record(frame) {
          if (isCreated(frame)) entry.created = frame;
          else if (isProgress(frame)) entry.progress = frame;
          for (const watcher of entry.watchers) watcher.send(frame);
        },
        fail(frame) {
          close();
          for (const watcher of entry.watchers) watcher.fail(frame);
          entry.watchers.clear();
        },
        end() {
          close();
          for (const watcher of entry.watchers) watcher.end();
          entry.watchers.clear();
        },
        get watchers() {
          return entry.watchers.size;
        },
        onWatchersChanged(listener) {
          entry.changed.push(listener);
        },
      };
    },
    async attach(userId, conversationId, watcher) {
      const entry = logs.get(keyOf(userId, conversationId));
      if (!entry) return null;
      entry.watchers.add(watcher);
      for (const listener of entry.changed) listener();
      return {
        replay: [entry.created, entry.progress].filter((frame): frame is MessageFrame => frame !== undefined),
        detach() {
          if (!entry.watchers.delete(watcher)) return;
          for (const listener of entry.changed) listener();
        },
      };
    },
  };
}
