import type { LiveReplies } from './live-replies.js';

/**
 * The state that several chatbox instances must share to behave as one: in memory on a single
 * process, in Redis when REDIS_URI is set (coordination-plugin.ts picks one at start). Every method
 * of the Redis side throws the catalogue's `coordination_unavailable` (503) while Redis is down.
 */

export interface WindowCount {
  allowed: boolean;
  remaining: number;
  /** When the window ends, in ms since the epoch. */
  resetAt: number;
}

/** A fixed-window counter per key (rate limits): counting and expiry are one atomic step. */
export interface SharedRateLimiter {
  hit(key: string): Promise<WindowCount>;
  reset(key: string): Promise<void>;
}

/** Turns in flight per user, across instances (the concurrency limit). */
export interface ConcurrencySlots {
  /** Takes a slot unless `max` are taken; the returned function gives it back (idempotent). Null when full. */
  acquire(userId: string, max: number): Promise<(() => Promise<void>) | null>;
}

/** A short-lived value handed out once (the title `gen_title` returns, generated on any instance). */
export interface HandoffBox {
  /** False in memory: a value put by this process is all there is, so waiting for another is pointless. */
  readonly shared: boolean;
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value, removed as it is read; null when there is none (yet). */
  take(key: string): Promise<string | null>;
}

/**
 * Values worth keeping for a while and cheap to compute again (fetched model lists), shared by the
 * instances. A cache, not a store: callers treat a failure like a miss and never fail a request for it.
 */
export interface SharedCache {
  /** The value put under `key`, or null when there is none or it expired. */
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
}

/** Messages to every instance (this one included), such as a revoked session. */
export interface Broadcast {
  publish(channel: string, message: unknown): Promise<void>;
  /** Handlers get the parsed JSON; a handler that throws is logged, never stops the others. */
  subscribe(channel: string, handler: (message: unknown) => void): void;
}

/** One holder at a time among the instances (the search outbox worker); the lock expires if its holder dies. */
export interface Leadership {
  /** Takes the lock or renews it when this instance holds it; false while another instance does. */
  holdOrTake(): Promise<boolean>;
  release(): Promise<void>;
}

/** What one instance may ask the one that holds a key: stop its turn, answer one of its pending tool approvals. */
export const directoryTopics = ['stop', 'approval'] as const;
export type DirectoryTopic = (typeof directoryTopics)[number];

/**
 * Which instance holds what (a running turn, a tool call waiting for approval), so that a Stop or
 * an approval landing on any instance reaches the one that holds it.
 */
export interface TurnDirectory {
  /** Records that this instance holds `key`. */
  claim(key: string): Promise<void>;
  release(key: string): Promise<void>;
  /**
   * Hands `body` to the `topic` handler of the instance that holds `key` and answers what that
   * handler returned (the caller validates it); null when no other instance holds it.
   */
  askHolder(topic: DirectoryTopic, key: string, body: unknown): Promise<unknown>;
  /** How this instance answers what another one asks under `topic`. */
  serve(topic: DirectoryTopic, handler: (key: string, body: unknown) => Promise<unknown>): void;
}

export type CoordinationHealth = { status: 'up' | 'down' | 'off'; detail?: string };

export interface Coordination {
  readonly kind: 'memory' | 'redis';
  /** A limiter whose counters are named `name`, so two limiters never share keys. */
  rateLimiter(name: string, options: { max: number; windowMs: number }): SharedRateLimiter;
  concurrency: ConcurrencySlots;
  handoff: HandoffBox;
  /** A cache whose keys are named `name`, so two caches never share keys. */
  cache(name: string): SharedCache;
  broadcast: Broadcast;
  turns: TurnDirectory;
  /** The replies streaming now, for clients that re-attach (a reload, a second tab), on any instance. */
  liveReplies: LiveReplies;
  leadership(name: string, ttlMs: number): Leadership;
  /** For readiness: 'off' in memory, else whether Redis answers a PING now. */
  health(): Promise<CoordinationHealth>;
  close(): Promise<void>;
}
