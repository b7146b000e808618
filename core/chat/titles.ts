import type { FastifyBaseLogger } from 'fastify';
import type { ProviderCredentials } from '../plugin-api/index.js';
import type { HandoffBox } from '../coordination/types.js';
import type { ConfiguredEndpoint } from '../endpoints/configured-endpoint.js';
import type { Store } from '../store/types.js';
import type { Balance } from './balance.js';
import { countTokens } from './tokens.js';

/** The title of a conversation nothing has titled yet (LibreChat's, which its client looks for). */
export const DEFAULT_TITLE = 'New Chat';

const KEEP_MS = 2 * 60 * 1000;
const MAX_INPUT_CHARS = 1_000;
/** How often gen_title looks for a title another instance generates. */
const HANDOFF_POLL_MS = 100;

const PROMPT = 'Write a concise title of at most five words for the conversation below. Answer with the title only, no quotes and no final punctuation.';

/** Strips what models add around a title: quotes, a "Title:" label, final punctuation, extra lines. */
export function cleanTitle(raw: string): string {
  const line = raw.trim().split('\n')[0] ?? '';
  const title = line.replace(/^title:\s*/i, '').replace(/^["'“”*]+|["'“”*]+$/g, '').replace(/[.!。]+$/, '').trim();
  return title.slice(0, 80);
}

export interface TitleJob {
  userId: string;
  conversationId: string;
  entry: ConfiguredEndpoint;
  model: string;
  credentials?: ProviderCredentials;
  fetch?: typeof globalThis.fetch;
  userText: string;
  replyText: string;
}

/**
 * Titles the first exchange of a conversation in the background, saves it, and keeps it for two
 * minutes so POST /api/convos/gen_title can hand it to the client once. The title is also put in the
 * handoff box, so that a gen_title landing on another instance (through Redis) finds it.
 */
export function createTitleService(deps: { store: Store; balance: Balance; log: FastifyBaseLogger; handoff: HandoffBox }) {
  const pending = new Map<string, Promise<string | null>>();
  const keyOf = (userId: string, conversationId: string) => `${userId}:${conversationId}`;

  async function generate(job: TitleJob): Promise<string | null> {
    const content = `User: ${job.userText.slice(0, MAX_INPUT_CHARS)}\n\nAssistant: ${job.replyText.slice(0, MAX_INPUT_CHARS)}`;
    const request = { model: job.model, system: PROMPT, messages: [{ role: 'user' as const, content }], parameters: { temperature: 0.2, maxOutputTokens: 16 }, user: job.userId };
    let text = '';
    let usage = { promptTokens: countTokens(PROMPT + content, job.model), completionTokens: 0 };
    for await (const part of job.entry.provider.stream(request, { signal: AbortSignal.timeout(30_000), credentials: job.credentials, fetch: job.fetch })) {
      if (part.type === 'text-delta') text += part.text;
      else if (part.type === 'finish' && part.usage) usage = part.usage;
      else if (part.type === 'error') throw new Error(part.error.message);
    }
    const title = cleanTitle(text);
    if (!title) return null;
    await deps.store.conversations.update(job.userId, job.conversationId, { title });
    await deps.balance.spend({ userId: job.userId, conversationId: job.conversationId, model: job.model, context: 'title', promptTokens: usage.promptTokens, completionTokens: usage.completionTokens || countTokens(text, job.model) });
    return title;
  }

  async function waitForHandoff(key: string, deadline: number): Promise<string | null> {
    for (;;) {
      const title = await deps.handoff.take(key);
      if (title || Date.now() + HANDOFF_POLL_MS > deadline) return title;
      await new Promise((resolve) => setTimeout(resolve, HANDOFF_POLL_MS));
    }
  }

  return {
    schedule(job: TitleJob): void {
      const key = keyOf(job.userId, job.conversationId);
      const promise = generate(job)
        .then(async (title) => {
          if (title && deps.handoff.shared) await deps.handoff.put(key, title, KEEP_MS).catch((error: unknown) => deps.log.warn({ err: error }, 'the title could not be shared through Redis'));
          return title;
        })
        .catch((error: unknown) => {
          deps.log.warn({ err: error, conversationId: job.conversationId }, 'title generation failed');
          return null;
        });
      pending.set(key, promise);
      setTimeout(() => {
        if (pending.get(key) === promise) pending.delete(key);
      }, KEEP_MS).unref();
    },
    /** The generated title, waiting up to `waitMs` for it; null when there is none. Handed out once. */
    async take(userId: string, conversationId: string, waitMs: number): Promise<string | null> {
      const key = keyOf(userId, conversationId);
      const promise = pending.get(key);
      if (!promise) return deps.handoff.shared ? waitForHandoff(key, Date.now() + waitMs) : null;
      const title = await Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs).unref())]);
      if (!title) return null;
      pending.delete(key);
      // Shared, the box decides: whichever instance takes it first hands it out, the other finds none.
      return deps.handoff.shared ? deps.handoff.take(key) : title;
    },
  };
}

export type TitleService = ReturnType<typeof createTitleService>;
