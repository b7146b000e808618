import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisScripts } from './redis-scripts.js';
import type { TurnDirectory } from './types.js';

/** A turn's owner is forgotten after this long even if its instance died without saying so. */
const OWNER_TTL_MS = 6 * 60 * 60 * 1000;
/** How long a stop waits for the owning instance to answer with what it saved. */
const STOP_ANSWER_MS = 30_000;

type InstanceMessage =
  | { type: 'stop'; requestId: string; key: string; replyTo: string }
  | { type: 'stopped'; requestId: string; payload: unknown };

function parseInstanceMessage(raw: string): InstanceMessage | null {
  try {
    const message: unknown = JSON.parse(raw);
    if (typeof message !== 'object' || message === null || !('type' in message) || !('requestId' in message)) return null;
    const { type, requestId } = message;
    if (typeof requestId !== 'string') return null;
    if (type === 'stop' && 'key' in message && 'replyTo' in message && typeof message.key === 'string' && typeof message.replyTo === 'string') {
      return { type, requestId, key: message.key, replyTo: message.replyTo };
    }
    if (type === 'stopped') return { type, requestId, payload: 'payload' in message ? message.payload : null };
    return null;
  } catch {
    return null;
  }
}

/**
 * The channel an instance listens on for as long as it lives: Redis drops its subscription the moment
 * the process dies (its connection closes), so a count of its subscribers says whether it is there.
 */
export function instanceChannel(channelPrefix: string, instanceId: string): string {
  return `${channelPrefix}instance:${instanceId}`;
}

/**
 * Every instance listens on its own channel. A turn records its instance under `turn:<key>`; a stop
 * that lands elsewhere reads that owner and asks it over its channel, then waits on its own channel
 * for the answer (the final payload with the saved partial reply).
 */
export function createRedisTurnDirectory(deps: { client: Redis; subscriber: Redis; scripts: RedisScripts; channelPrefix: string; instanceId: string; onError: (error: unknown) => void }): TurnDirectory {
  const { client, subscriber, scripts, instanceId } = deps;
  const channelOf = (instance: string) => instanceChannel(deps.channelPrefix, instance);
  const ownerKey = (key: string) => `turn:${key}`;
  const waiting = new Map<string, (payload: unknown) => void>();
  let stopHere: ((key: string) => Promise<unknown>) | null = null;

  const answer = async (request: Extract<InstanceMessage, { type: 'stop' }>) => {
    const payload = stopHere ? await stopHere(request.key) : null;
    await client.publish(channelOf(request.replyTo), JSON.stringify({ type: 'stopped', requestId: request.requestId, payload }));
  };

  const ownChannel = channelOf(instanceId);
  // At every (re)connection, not once: a SUBSCRIBE that failed while the first connection was being
  // made is not among the channels ioredis subscribes again by itself.
  const listen = () => void subscriber.subscribe(ownChannel).catch(deps.onError);
  listen();
  subscriber.on('ready', listen);
  subscriber.on('message', (channel: string, raw: string) => {
    if (channel !== ownChannel) return;
    const message = parseInstanceMessage(raw);
    if (message?.type === 'stop') answer(message).catch(deps.onError);
    else if (message?.type === 'stopped') waiting.get(message.requestId)?.(message.payload);
  });

  return {
    async claim(key) {
      await client.set(ownerKey(key), instanceId, 'PX', OWNER_TTL_MS);
    },
    async release(key) {
      await scripts.deleteIfHeld(ownerKey(key), instanceId);
    },
    async stopElsewhere(key) {
      const owner = await client.get(ownerKey(key));
      if (!owner || owner === instanceId) return null;
      const requestId = randomUUID();
      const answered = new Promise<unknown>((resolve) => {
        const timer = setTimeout(() => resolve(null), STOP_ANSWER_MS);
        timer.unref();
        waiting.set(requestId, (payload) => {
          clearTimeout(timer);
          resolve(payload);
        });
      });
      try {
        const listeners = await client.publish(channelOf(owner), JSON.stringify({ type: 'stop', requestId, key, replyTo: instanceId }));
        // Nobody listens: the owner died mid-turn and its record has not expired yet.
        if (listeners === 0) return null;
        return await answered;
      } finally {
        waiting.delete(requestId);
      }
    },
    serve(handler) {
      stopHere = handler;
    },
  };
}
