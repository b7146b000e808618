import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestStore } from '../../../testing/test-store.js';
import { NO_PARENT } from '../../chat/message-tree.js';
import { createTestUser } from '../../search/contract/search-fixtures.js';
import type { Store } from '../../store/types.js';
import { writeUserArchive, type ArchiveProgress } from './write-archive.js';

let store: Store | undefined;
afterEach(async () => {
  await store?.close();
});

const noStorages = { forSource: async () => null };

describe('writeUserArchive', () => {
  it('writes only as fast as the archive is read: a reader that stops holds the export, nothing is built whole', async () => {
    store = await createTestStore();
    const user = await createTestUser(store, 'ada');
    const total = 120;
    for (let index = 0; index < total; index += 1) {
      const conversationId = `conversation-${index}`;
      await store.conversations.upsert({ conversationId, user: user.id, title: `Chat ${index}`, endpoint: 'openAI' });
      // Random hex: gzip takes it to about half, so each conversation is some 32 KB of archive.
      await store.messages.upsert({
        messageId: `message-${index}`, conversationId, user: user.id, parentMessageId: NO_PARENT, text: randomBytes(32 * 1024).toString('hex'),
        sender: 'User', isCreatedByUser: true, error: false, unfinished: false,
      });
    }
    let progress: ArchiveProgress = { conversations: 0, files: 0 };
    const archive = writeUserArchive({ store, storages: noStorages, user, onProgress: (next) => (progress = next) });

    // Take one chunk, then stop reading for a while: the writer must wait, not run ahead into memory.
    await once(archive, 'readable');
    archive.read();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(progress.conversations).toBeGreaterThan(0);
    expect(progress.conversations).toBeLessThan(20);

    let bytes = 0;
    for await (const chunk of archive) bytes += Buffer.byteLength(chunk);
    expect(progress.conversations).toBe(total);
    expect(bytes).toBeGreaterThan(total * 32 * 1024);
  });
});
