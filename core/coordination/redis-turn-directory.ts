import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { RedisScripts } from './redis-scripts.js';
import { directoryTopics, type DirectoryTopic, type TurnDirectory } from './types.js';

/** A holder is forgotten after this long even if its instance died without saying so. */
const OWNER_TTL_MS = 6 * 60 * 60 * 1000;
/** How long a request waits for the holding instance's answer (a stop's comes once the turn saved what it had). */
const ANSWER_WAIT_MS = 30_000;

const instanceMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ask'), requestId: z.string(), topic: z.enum(directoryTopics), key: z.string(), body: z.unknown(), replyTo: z.string() }),
  z.object({ type: z.literal('answer'), requestId: z.string(), payload: z.unknown() }),
]);
type AskMessage = Extract<z.infer<typeof instanceMessageSchema>, { type: 'ask' }>;

function parseInstanceMessage(raw: string): z.infer<typeof instanceMessageSchema> | null {
  try {
    const parsed = instanceMessageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
 * Every instance listens on its own channel. What an instance holds (a turn, a pending approval) is
 * recorded under `turn:<key>` with its instance id; a request that lands elsewhere reads that holder
 * and asks it over its channel, then waits on its own channel for the answer (a stop's is the final
 * payload with the saved partial reply, an approval's what answering it came to).
 */
export function createRedisTurnDirectory(deps: { client: Redis; subscriber: Redis; scripts: RedisScripts; channelPrefix: string; instanceId: string; onError: (error: unknown) => void }): TurnDirectory {
  const { client, subscriber, scripts, instanceId } = deps;
  const channelOf = (instance: string) => instanceChannel(deps.channelPrefix, instance);
  const ownerKey = (key: string) => `turn:${key}`;
  const waiting = new Map<string, (payload: unknown) => void>();
  const handlers = new Map<DirectoryTopic, (key: string, body: unknown) => Promise<unknown>>();

  const answer = async (request: AskMessage) => {
    const handler = handlers.get(request.topic);
    const payload = handler ? await handler(request.key, request.body) : null;
    await client.publish(channelOf(request.replyTo), JSON.stringify({ type: 'answer', requestId: request.requestId, payload }));
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
    if (message?.type === 'ask') answer(message).catch(deps.onError);
    else if (message?.type === 'answer') waiting.get(message.requestId)?.(message.payload);
  });

  return {
    async claim(key) {
      await client.set(ownerKey(key), instanceId, 'PX', OWNER_TTL_MS);
    },
    async release(key) {
      await scripts.deleteIfHeld(ownerKey(key), instanceId);
    },
    async askHolder(topic, key, body) {
      const owner = await client.get(ownerKey(key));
      if (!owner || owner === instanceId) return null;
      const requestId = randomUUID();
      const answered = new Promise<unknown>((resolve) => {
        const timer = setTimeout(() => resolve(null), ANSWER_WAIT_MS);
        timer.unref();
        waiting.set(requestId, (payload) => {
          clearTimeout(timer);
          resolve(payload);
        });
      });
      try {
        const listeners = await client.publish(channelOf(owner), JSON.stringify({ type: 'ask', requestId, topic, key, body, replyTo: instanceId }));
        // Nobody listens: the holder died and its record has not expired yet.
        if (listeners === 0) return null;
        return await answered;
      } finally {
        waiting.delete(requestId);
      }
    },
    serve(topic, handler) {
      handlers.set(topic, handler);
    },
  };
}
