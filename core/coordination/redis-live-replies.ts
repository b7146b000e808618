import type { Redis } from 'ioredis';
import type { ErrorFrame, MessageFrame } from '../protocol/stream-frames.js';
import { frameRole, replayOf, type Attachment, type LiveReplies, type LiveReplyLog } from './live-replies.js';

/** The stream of a turn outlives its last write by this much unless its instance keeps it alive: a dead instance's turn is known gone then. */
const ALIVE_MS = 15_000;
const HEARTBEAT_MS = 5_000;
/** A watcher checks that the turn's instance is still there this often when no frame came. */
const BLOCK_MS = 2_000;
/** How often the instance running a turn reads how many watchers it has on other instances. */
const WATCHERS_POLL_MS = 1_000;
/** The watcher count of a conversation is forgotten this long after its last watcher came. */
const WATCHERS_KEPT_MS = 60 * 60 * 1000;
/** The stream stays this long after the end, for watchers still reading its last entries. */
const AFTER_END_MS = 5_000;
/** Checks in a row that find the turn's instance gone before its watchers are told (one could be a reconnection). */
const OWNER_MISSES = 2;

type Entry = [id: string, fields: string[]];
const fieldsOf = (fields: string[]) => ({ kind: fields[1], data: fields[3] });

/**
 * A turn's frames on a Redis stream, so that a client re-attaches on any instance: the instance that
 * runs the turn XADDs every frame (the stream capped near its newest entries: each progress frame is
 * the whole reply so far, so the newest one is the state; an assistants run's parts, each frame a whole
 * part, are kept in a hash by index), a watcher replays the opening frame, the parts and the newest
 * frame, then reads on with XREAD BLOCK on a connection of its own. A turn whose instance died (its
 * channel `ownChannel` lost its subscriber, or the stream stopped being kept alive) ends for its
 * watchers in an error frame; the reply keeps what its last snapshot saved.
 */
export function createRedisLiveReplies(client: Redis, onError: (error: unknown) => void, ownChannel: string): LiveReplies {
  const keyOf = (userId: string, conversationId: string) => `live:${userId}:${conversationId}`;
  const quietly = (call: Promise<unknown>) => void call.catch(onError);

  return {
    open(userId, conversationId) {
      const key = keyOf(userId, conversationId);
      const add = (kind: string, data: string) => quietly(client.xadd(key, 'MAXLEN', '~', '16', '*', 'kind', kind, 'data', data));
      add('open', '');
      // Whose turn it is: a watcher elsewhere asks Redis whether that instance still listens.
      quietly(client.set(`${key}:owner`, ownChannel, 'PX', ALIVE_MS * 40));
      // A count left over from an earlier turn of the conversation (a watcher's instance died) starts over.
      quietly(client.del(`${key}:watchers`));
      quietly(client.pexpire(key, ALIVE_MS));
      const heartbeat = setInterval(() => quietly(client.pexpire(key, ALIVE_MS)), HEARTBEAT_MS);
      let watchers = 0;
      const changed: Array<() => void> = [];
      const poll = setInterval(() => {
        client.get(`${key}:watchers`).then((count) => {
          const next = Math.max(0, Number(count ?? 0));
          if (next === watchers) return;
          watchers = next;
          for (const listener of changed) listener();
        }, onError);
      }, WATCHERS_POLL_MS);
      const close = (kind: 'end' | 'error', data: string) => {
        clearInterval(heartbeat);
        clearInterval(poll);
        add(kind, data);
        quietly(client.pexpire(key, AFTER_END_MS));
        quietly(client.del(`${key}:created`, `${key}:parts`, `${key}:owner`));
      };
      const log: LiveReplyLog = {
        record(frame) {
          const role = frameRole(frame);
          if (role.kind === 'opening') quietly(client.set(`${key}:created`, JSON.stringify(frame), 'PX', ALIVE_MS * 40));
          if (role.kind === 'part') quietly(client.multi().hset(`${key}:parts`, String(role.index), JSON.stringify(frame)).pexpire(`${key}:parts`, ALIVE_MS * 40).exec());
          add('frame', JSON.stringify(frame));
        },
        fail: (frame) => close('error', JSON.stringify(frame)),
        end: () => close('end', ''),
        get watchers() {
          return watchers;
        },
        onWatchersChanged: (listener) => changed.push(listener),
      };
      return log;
    },

    async attach(userId, conversationId, watcher): Promise<Attachment | null> {
      const key = keyOf(userId, conversationId);
      const [newest] = (await client.xrevrange(key, '+', '-', 'COUNT', 1)) as Entry[];
      if (!newest || ['end', 'error'].includes(fieldsOf(newest[1]).kind ?? '')) return null;
      const [created, storedParts] = await Promise.all([client.get(`${key}:created`), client.hgetall(`${key}:parts`)]);
      const parts = new Map(Object.entries(storedParts).map(([index, frame]): [number, MessageFrame] => [Number(index), JSON.parse(frame)]));
      let last: MessageFrame | undefined;
      const { kind, data } = fieldsOf(newest[1]);
      if (kind === 'frame' && data) last = JSON.parse(data);
      // A part read after the newest entry may come again live: a part frame repeats its whole part, so twice is harmless.
      const replay = replayOf(created ? JSON.parse(created) : undefined, parts, last && frameRole(last).kind === 'progress' ? last : undefined);
      await client.incr(`${key}:watchers`);
      quietly(client.pexpire(`${key}:watchers`, WATCHERS_KEPT_MS));
      // Its own connection, as XREAD BLOCK holds it; queued until connected (the shared one fails fast instead).
      const reader = client.duplicate({ enableOfflineQueue: true });
      reader.on('error', onError);
      let attached = true;
      const detach = () => {
        if (!attached) return;
        attached = false;
        reader.disconnect();
        quietly(client.decr(`${key}:watchers`));
      };
      // The instance running the turn went away (killed): an error frame, never a hang.
      const gone = (): ErrorFrame => {
        const ids = last && 'messageId' in last && 'parentMessageId' in last && 'sender' in last ? last : undefined;
        return {
          messageId: String(ids?.messageId ?? ''), parentMessageId: String(ids?.parentMessageId ?? ''), conversationId, sender: String(ids?.sender ?? ''),
          text: 'The server writing this reply went away. What it saved last is kept.', error: true, final: true, unfinished: true, isCreatedByUser: false,
        };
      };
      // Killed, an instance leaves its turn's stream until that expires (ALIVE_MS), but its pub/sub
      // connection closes at once: no subscriber on its channel, twice in a row, is the faster sign.
      let misses = 0;
      const ownerGone = async () => {
        const channel = await client.get(`${key}:owner`);
        if (!channel) return false;
        // [channel, count]
        const reply: unknown = await client.pubsub('NUMSUB', channel);
        misses = Array.isArray(reply) && Number(reply[1]) === 0 ? misses + 1 : 0;
        return misses >= OWNER_MISSES;
      };
      const read = async (from: string) => {
        let cursor = from;
        while (attached) {
          const answer = (await reader.xread('BLOCK', BLOCK_MS, 'STREAMS', key, cursor)) as Array<[string, Entry[]]> | null;
          if (!attached) return;
          if (!answer) {
            if ((await client.exists(key)) === 0 || (await ownerGone())) return void (watcher.fail(gone()), detach());
            continue;
          }
          for (const [id, fields] of answer[0]![1]) {
            cursor = id;
            const entry = fieldsOf(fields);
            if (entry.kind === 'frame' && entry.data) watcher.send((last = JSON.parse(entry.data)));
            else if (entry.kind === 'error' && entry.data) return void (watcher.fail(JSON.parse(entry.data)), detach());
            else if (entry.kind === 'end') return void (watcher.end(), detach());
          }
        }
      };
      // After the replay has gone out (the caller sends it first).
      setImmediate(() => read(newest[0]).catch((error: unknown) => {
        onError(error);
        if (attached) watcher.fail(gone());
        detach();
      }));
      return { replay, detach };
    },
  };
}
