import type { ErrorFrame, MessageFrame } from '../protocol/stream-frames.js';

/** Someone who re-attached to a streaming reply (a reloaded page, a second tab). */
export interface LiveReplyWatcher {
  send(frame: MessageFrame): void;
  fail(frame: ErrorFrame): void;
  end(): void;
}

/**
 * The frames of one turn, as late subscribers need them. Bounded: only the cumulative state is kept
 * (the `created` frame and the newest progress frame, whose text is the whole reply so far; for an
 * assistants run the `sync` frame and the newest frame of each content part, each of which repeats
 * its whole part), never every frame, so a long reply costs one frame a part however long it streams.
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
  /** The cumulative frames so far (`created` or `sync`, then the reply so far), to send first. */
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

/**
 * What a frame is to a late subscriber: the turn's opening (`created`, or an assistants run's `sync`),
 * one content part of an assistants reply (its newest frame repeats the whole part), the cumulative
 * text progress of a chat reply, or a frame it does not need (keep-alives, tool progress …).
 */
export type FrameRole = { kind: 'opening' } | { kind: 'part'; index: number } | { kind: 'progress' } | { kind: 'other' };

export function frameRole(frame: MessageFrame): FrameRole {
  if (('created' in frame && frame.created === true) || ('sync' in frame && frame.sync === true)) return { kind: 'opening' };
  // Before progress: a text part also says `message: true`.
  if ('type' in frame && 'index' in frame && typeof frame.index === 'number') return { kind: 'part', index: frame.index };
  if ('message' in frame && frame.message === true) return { kind: 'progress' };
  return { kind: 'other' };
}

/** The replay in the order the frames came: the opening, the parts by index, the newest progress. */
export function replayOf(opening: MessageFrame | undefined, parts: Map<number, MessageFrame>, progress: MessageFrame | undefined): MessageFrame[] {
  const ordered = [...parts.entries()].sort(([first], [second]) => first - second).map(([, frame]) => frame);
  return [opening, ...ordered, progress].filter((frame): frame is MessageFrame => frame !== undefined);
}

export function createMemoryLiveReplies(): LiveReplies {
  const logs = new Map<string, { opening?: MessageFrame; parts: Map<number, MessageFrame>; progress?: MessageFrame; watchers: Set<LiveReplyWatcher>; changed: Array<() => void> }>();
  const keyOf = (userId: string, conversationId: string) => `${userId}:${conversationId}`;

  return {
    open(userId, conversationId) {
      const key = keyOf(userId, conversationId);
      const entry: NonNullable<ReturnType<typeof logs.get>> = { parts: new Map(), watchers: new Set(), changed: [] };
      logs.set(key, entry);
      const close = () => {
        // A newer turn of the same conversation may have replaced this one.
        if (logs.get(key) === entry) logs.delete(key);
      };
      return {
        record(frame) {
          const role = frameRole(frame);
          if (role.kind === 'opening') entry.opening = frame;
          else if (role.kind === 'part') entry.parts.set(role.index, frame);
          else if (role.kind === 'progress') entry.progress = frame;
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
        replay: replayOf(entry.opening, entry.parts, entry.progress),
        detach() {
          if (!entry.watchers.delete(watcher)) return;
          for (const listener of entry.changed) listener();
        },
      };
    },
  };
}
