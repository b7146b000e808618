import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchConversations } from '../search-conversations.js';
import type { Store } from '../../store/types.js';
import type { User } from '../../store/repositories/users.js';
import type { SearchIndex } from '../types.js';
import { createTestUser, fillerText, minutesAgo, seedConversations } from './search-fixtures.js';

export interface SearchSuiteContext {
  store: Store;
  search: SearchIndex;
  /** Resolves once the index reflects every write so far (Meilisearch: the outbox is drained). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const page = { pageNumber: 1, pageSize: 25 };
/** A matched word wrapped in `**`; the real Meilisearch wraps only the matched prefix of a word. */
const bold = (prefix: string) => new RegExp(`\\*\\*${prefix}\\w*\\*\\*`, 'i');

/**
 * What every search backend must do, through the same path /api/search takes (search, then read the
 * hits back from the store). Each backend's test file calls this with a factory for a fresh setup.
 */
export function describeSearchBackend(name: string, setup: () => Promise<SearchSuiteContext>, { haystackConversations = 150 } = {}): void {
  describe(`search backend: ${name}`, () => {
    let context: SearchSuiteContext;
    let alice: User;
    let bob: User;
    beforeEach(async () => {
      context = await setup();
      alice = await createTestUser(context.store, 'alice');
      bob = await createTestUser(context.store, 'bob');
    });
    afterEach(async () => context?.close());

    const find = async (user: User, q: string, options = page) => {
      await context.settle();
      return searchConversations(context.store, context.search, user.id, q, options);
    };

    it(`finds the one message holding a word among ${haystackConversations * 20} messages, highlighted`, async () => {
      const seeds = Array.from({ length: haystackConversations }, (_, index) => ({ title: `Chat ${index}`, messages: Array.from({ length: 20 }, (_, turn) => fillerText(index + turn)) }));
      const needle = Math.floor(haystackConversations * 0.65);
      seeds[needle].messages[13] = 'the expedition found a zephyrine crystal near the summit';
      const seeded = await seedConversations(context.store, alice, seeds);
      const result = await find(alice, 'zephyrine');
      expect(result.conversations.map((conversation) => conversation.conversationId)).toEqual([seeded[needle].conversationId]);
      expect(result.messages).toHaveLength(1);
      expect(result.messages[0]).toMatchObject({ messageId: seeded[needle].messageIds[13], searchResult: true, title: `Chat ${needle}`, user: alice.id });
      expect(result.messages[0].text).toMatch(bold('zephyrine'));
      expect(result.messages[0].text.replaceAll('**', '')).toBe('the expedition found a zephyrine crystal near the summit');
      expect(result).toMatchObject({ pages: 1, pageNumber: 1, pageSize: 25, filter: { q: 'zephyrine' } });
    });

    it('matches a prefix of a word, case and accents folded, and not the middle of one', async () => {
      const [greeting] = await seedConversations(context.store, alice, [{ messages: ['Hello from the Café Fleur'] }]);
      for (const q of ['hel', 'HELLO', 'cafe', 'café fle']) {
        expect((await find(alice, q)).conversations.map((conversation) => conversation.conversationId), q).toEqual([greeting.conversationId]);
      }
      expect((await find(alice, 'ello')).conversations).toEqual([]);
      expect((await find(alice, 'hel')).messages[0].text).toMatch(bold('hel'));
    });

    it('finds a conversation by its title, with no messages listed', async () => {
      const [trip] = await seedConversations(context.store, alice, [{ title: 'Kyoto itinerary', messages: [fillerText(1)] }]);
      const result = await find(alice, 'itiner');
      expect(result.conversations.map((conversation) => conversation.conversationId)).toEqual([trip.conversationId]);
      expect(result.messages).toEqual([]);
    });

    it('ranks the more relevant conversation first, then the more recent one', async () => {
      const [close, apart] = await seedConversations(context.store, alice, [
        { messages: ['solar panel installation'], at: minutesAgo(60) },
        { messages: [`solar ${fillerText(3, 30)} panel`], at: minutesAgo(1) },
      ]);
      expect((await find(alice, 'solar panel')).conversations.map((conversation) => conversation.conversationId)).toEqual([close.conversationId, apart.conversationId]);

      const [older, newer] = await seedConversations(context.store, alice, [
        { messages: ['quarterly budget review'], at: minutesAgo(30) },
        { messages: ['quarterly budget review'], at: minutesAgo(2) },
      ]);
      expect((await find(alice, 'quarterly budget')).conversations.map((conversation) => conversation.conversationId)).toEqual([newer.conversationId, older.conversationId]);
    });

    it("never returns another user's conversation, even with the same words", async () => {
      const [mine] = await seedConversations(context.store, alice, [{ title: 'pineapple plans', messages: ['shared secret pineapple'] }]);
      const [theirs] = await seedConversations(context.store, bob, [{ title: 'pineapple plans', messages: ['shared secret pineapple'] }]);
      const forAlice = await find(alice, 'pineapple');
      expect(forAlice.conversations.map((conversation) => conversation.conversationId)).toEqual([mine.conversationId]);
      expect(forAlice.messages.every((message) => message.user === alice.id)).toBe(true);
      expect((await context.search.search(bob.id, 'pineapple', page)).conversations.map((hit) => hit.conversationId)).toEqual([theirs.conversationId]);
    });

    it('forgets deleted conversations, deleted users and replaced text', async () => {
      const [gone, edited] = await seedConversations(context.store, alice, [{ messages: ['walrus migration notes'] }, { messages: ['draft about a walrus'] }]);
      await seedConversations(context.store, bob, [{ messages: ['a walrus for bob'] }]);
      await context.store.conversations.delete(alice.id, [gone.conversationId]);
      await context.store.messages.update(alice.id, edited.messageIds[0], { text: 'draft about an otter' });
      await context.settle();
      // The index itself, not just the read-back from the store, has let go of them.
      expect((await context.search.search(alice.id, 'walrus', page)).total).toBe(0);
      expect((await find(alice, 'otter')).conversations.map((conversation) => conversation.conversationId)).toEqual([edited.conversationId]);

      await context.store.users.delete(bob.id);
      await context.settle();
      expect((await context.search.search(bob.id, 'walrus', page)).total).toBe(0);
    });

    it('treats hostile queries as words: no error, no syntax, no injection', async () => {
      const [salt] = await seedConversations(context.store, alice, [{ messages: ['salt and pepper, near the sea'] }]);
      const hostile = ['"', '*', '-', '(((', ')', 'NEAR(', 'AND', 'OR NOT', '"salt', 'salt)', 'text:salt', '^salt', 'salt* OR 1=1', "'; DROP TABLE messages; --", '\\', '{}[]', '🙂', 'x'.repeat(500), 'NEAR(salt pepper, 2)', 'user = "x" OR 1'];
      for (const q of hostile) {
        const result = await find(alice, q);
        expect(result.conversations.every((conversation) => conversation.user === alice.id), q).toBe(true);
      }
      for (const q of ['"', '*', '-', '(((', '{}[]']) expect((await find(alice, q)).conversations, q).toEqual([]);
      // Operators are plain words: "AND" finds the word "and", "NEAR(" finds "near".
      expect((await find(alice, 'AND')).conversations.map((conversation) => conversation.conversationId)).toEqual([salt.conversationId]);
      expect((await find(alice, 'NEAR(')).conversations.map((conversation) => conversation.conversationId)).toEqual([salt.conversationId]);
      expect((await find(alice, '"salt')).conversations.map((conversation) => conversation.conversationId)).toEqual([salt.conversationId]);
    });

    it('pages matching conversations', async () => {
      await seedConversations(context.store, alice, Array.from({ length: 30 }, (_, index) => ({ messages: [`meeting minutes ${index}`], at: minutesAgo(index) })));
      const first = await find(alice, 'minutes');
      expect(first.conversations).toHaveLength(25);
      expect(first.pages).toBe(2);
      const second = await find(alice, 'minutes', { pageNumber: 2, pageSize: 25 });
      expect(second.conversations).toHaveLength(5);
      expect(new Set([...first.conversations, ...second.conversations].map((conversation) => conversation.conversationId)).size).toBe(30);
      expect((await find(alice, 'minutes', { pageNumber: 9, pageSize: 25 })).conversations).toEqual([]);
    });

    it('rebuilds the index from the store', async () => {
      await seedConversations(context.store, alice, [{ title: 'Rebuild me', messages: ['persimmon harvest', 'more text'] }]);
      await context.settle();
      const progress: number[] = [];
      const counts = await context.search.reindex((step) => step.index !== 'document_chunks' && progress.push(step.done));
      // No document was uploaded: Meilisearch's passage index (the only backend that has one) stays empty.
      const { document_chunks: passages = 0, ...conversationCounts } = counts;
      expect(conversationCounts).toEqual({ messages: 2, convos: 1 });
      expect(passages).toBe(0);
      expect(progress.at(-1)).toBeGreaterThan(0);
      expect((await find(alice, 'persimmon')).messages).toHaveLength(1);
    });
  });
}
