import { z } from 'zod';
import type { Broadcast } from '../coordination/types.js';
import type { Store } from '../store/types.js';
import type { AccessTokenClaims } from './access-tokens.js';

/**
 * Revocations are kept as bans of these keys, for as long as an access token issued before them can
 * live: the bans repository already stores keyed records with an expiry on both drivers, and is
 * copied by `chatbox migrate`.
 */
const SESSION_PREFIX = 'revoked-session:';
/** Every sign-in of the user up to the record's createdAt (a new password ends them all). */
const USER_SESSIONS_PREFIX = 'revoked-sessions-of:';

const BATCH = 500;

/** The channel on which a revocation reaches every instance at once (through Redis). */
const REVOCATIONS_CHANNEL = 'revocations';

const revocationMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), sessionId: z.string(), forgetAt: z.number() }),
  z.object({ kind: z.literal('user'), userId: z.string(), revokedAt: z.number(), forgetAt: z.number() }),
]);
type RevocationMessage = z.infer<typeof revocationMessageSchema>;

/**
 * The deny list that makes a logout, a revoked refresh family or a new password refuse the access
 * tokens already handed out, at once, without a store round trip per request: the list lives in
 * memory, written through to the store, and read back at start (and every `refreshMs`, so that a
 * revocation by another process, the CLI or another instance, arrives too). With a broadcast
 * (Redis), a revocation reaches every instance at once instead of at its next read. Entries are
 * forgotten once every token they could refuse has expired anyway.
 */
export function createSessionRevocations(store: Store, accessLifetimeMs: number, broadcast?: Broadcast) {
  const sessions = new Map<string, number>();
  const users = new Map<string, { revokedAt: number; forgetAt: number }>();
  let nextSweep = 0;

  function sweep(now: number): void {
    if (now < nextSweep) return;
    nextSweep = now + accessLifetimeMs;
    for (const [sessionId, forgetAt] of sessions) if (forgetAt <= now) sessions.delete(sessionId);
    for (const [userId, entry] of users) if (entry.forgetAt <= now) users.delete(userId);
  }

  function rememberUser(userId: string, revokedAt: number, forgetAt: number): void {
    const known = users.get(userId);
    if (!known || known.revokedAt < revokedAt) users.set(userId, { revokedAt, forgetAt });
  }

  function apply(message: RevocationMessage): void {
    if (message.kind === 'session') sessions.set(message.sessionId, message.forgetAt);
    else rememberUser(message.userId, message.revokedAt, message.forgetAt);
  }

  broadcast?.subscribe(REVOCATIONS_CHANNEL, (message) => {
    const parsed = revocationMessageSchema.safeParse(message);
    if (parsed.success) apply(parsed.data);
  });

  // Stored first: when the broadcast fails (Redis down, logged there), the others read it within their refresh.
  const share = (message: RevocationMessage) => broadcast?.publish(REVOCATIONS_CHANNEL, message).catch(() => undefined);

  return {
    /** Reads the revocations still in force from the store: at start, so that a restart forgets none. */
    async load(now = new Date()): Promise<void> {
      let after: string | null = null;
      do {
        const batch = await store.bans.exportBatch(after, BATCH);
        for (const record of batch.items) {
          if (record.expiresAt <= now) continue;
          if (record.key.startsWith(SESSION_PREFIX)) {
            sessions.set(record.key.slice(SESSION_PREFIX.length), record.expiresAt.getTime());
          } else if (record.key.startsWith(USER_SESSIONS_PREFIX)) {
            rememberUser(record.key.slice(USER_SESSIONS_PREFIX.length), record.createdAt.getTime(), record.expiresAt.getTime());
          }
        }
        after = batch.next;
      } while (after);
    },

    /** Ends one sign-in's access tokens (logout, a replayed refresh token). */
    async revokeSession(sessionId: string, reason: string): Promise<void> {
      const expiresAt = new Date(Date.now() + accessLifetimeMs);
      sessions.set(sessionId, expiresAt.getTime());
      await store.bans.put({ key: SESSION_PREFIX + sessionId, reason, expiresAt });
      await share({ kind: 'session', sessionId, forgetAt: expiresAt.getTime() });
    },

    /** Ends the access tokens of every sign-in of the user so far (a new password). */
    async revokeUserSessions(userId: string, reason: string): Promise<void> {
      const now = Date.now();
      rememberUser(userId, now, now + accessLifetimeMs);
      await store.bans.put({ key: USER_SESSIONS_PREFIX + userId, reason, expiresAt: new Date(now + accessLifetimeMs) });
      await share({ kind: 'user', userId, revokedAt: now, forgetAt: now + accessLifetimeMs });
    },

    isRevoked(claims: AccessTokenClaims): boolean {
      sweep(Date.now());
      if (claims.sessionId !== undefined && sessions.has(claims.sessionId)) return true;
      const user = users.get(claims.id);
      // A token without its issue time predates revocations: refused when its user revoked since.
      return user !== undefined && (claims.issuedAt ?? 0) <= user.revokedAt;
    },
  };
}

export type SessionRevocations = ReturnType<typeof createSessionRevocations>;
