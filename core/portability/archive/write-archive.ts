import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Pack } from 'tar-stream';
import type { FileStorages } from '../../plugin-host/file-storages.js';
import { toConversationDto } from '../../presenters/conversation-dto.js';
import { toFileDto } from '../../presenters/file-dto.js';
import { toMessageDto } from '../../presenters/message-dto.js';
import { toPresetDto } from '../../presenters/preset-dto.js';
import type { Store } from '../../store/types.js';
import type { User } from '../../store/repositories/users.js';
import { archiveVersion, conversationsFolder, fileEntryName, filesEntry, manifestEntry, presetsEntry, type ArchiveManifest } from './archive-layout.js';
import { loadTarStream } from './load-tar-stream.js';
import { toChatboxJson } from './to-chatbox-json.js';

export interface ArchiveProgress {
  conversations: number;
  files: number;
}

export interface WriteArchiveOptions {
  store: Store;
  storages: Pick<FileStorages, 'forSource'>;
  user: User;
  onProgress?: (progress: ArchiveProgress) => void;
  /** Stops the writing (the client went away). */
  signal?: AbortSignal;
}

// The conversation list is read a page at a time; only one conversation's messages sit in memory.
const pageSize = 200;

/**
 * Every conversation, preset and file of one user as the export-all archive (archive-layout.ts):
 * a gzipped tar produced as it is read, each entry written only when the reader has taken the one
 * before, so its size is bounded only by the data: memory holds the conversations' ids and one
 * conversation (or a file's chunk) at a time. Only the user's own records are
 * read (every lookup carries the owner id). A file whose bytes are gone has a record and no bytes entry.
 */
export function writeUserArchive(options: WriteArchiveOptions): Readable {
  const gzip = createGzip();
  const fail = (error: unknown) => gzip.destroy(error instanceof Error ? error : new Error(String(error)));
  loadTarStream().then((tarStream) => {
    const pack = tarStream.pack();
    void fillArchive(pack, options).then(
      () => pack.finalize(),
      (error: unknown) => pack.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    pipeline(pack, gzip).catch(fail);
  }, fail);
  return gzip;
}

async function fillArchive(pack: Pack, { store, storages, user, onProgress, signal }: WriteArchiveOptions): Promise<void> {
  const progress: ArchiveProgress = { conversations: 0, files: 0 };
  const exportedAt = new Date();
  const manifest: ArchiveManifest = {
    format: 'chatbox-export',
    version: archiveVersion,
    exportedAt: exportedAt.toISOString(),
    user: { name: user.name || null, username: user.username || null, email: user.email },
  };
  await addJson(pack, manifestEntry, manifest);
  await addJson(pack, presetsEntry, (await store.presets.list(user.id)).map((preset) => withTools(toPresetDto(preset), preset.tools)));

  const files = await store.files.list(user.id);
  await addJson(pack, filesEntry, files.map(toFileDto));
  for (const file of files) {
    signal?.throwIfAborted();
    // Opened one at a time: a file whose bytes are gone has no entry, and the import leaves its record out.
    const storage = await storages.forSource(file.source);
    const body = storage ? await storage.readStream(file.filepath).catch(() => null) : null;
    if (!body) continue;
    await addStream(pack, fileEntryName(file.file_id, file.filename), file.bytes, body);
    progress.files += 1;
    onProgress?.({ ...progress });
  }

  const exportAt = exportedAt.toTimeString();
  for (const conversationId of await conversationIdsOf(store, user.id)) {
    signal?.throwIfAborted();
    // Deleted since the list was read: nothing to write.
    const conversation = await store.conversations.find(user.id, conversationId);
    if (!conversation) continue;
    const messages = await store.messages.listByConversation(user.id, conversationId);
    await addJson(pack, `${conversationsFolder}${conversationId}.json`, toChatboxJson(withTools(toConversationDto(conversation), conversation.tools), messages.map(toMessageDto), exportAt));
    progress.conversations += 1;
    onProgress?.({ ...progress });
  }
}

/**
 * The wire leaves a conversation's or preset's `tools` (plugin keys) out for LibreChat's client
 * (presenters/); the archive keeps them, so a restored conversation calls the same tools.
 */
function withTools<Shown extends object>(shown: Shown, tools: readonly string[] | null | undefined): Shown {
  return tools?.length ? { ...shown, tools } : shown;
}

/**
 * The ids first (a few dozen bytes each), then each conversation: the list is newest first, and a
 * conversation the user continues during the export would move to its top, past the pages still to read.
 */
async function conversationIdsOf(store: Store, userId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await store.conversations.list(userId, { offset, limit: pageSize });
    ids.push(...page.items.map((conversation) => conversation.conversationId));
    if (page.items.length < pageSize) return ids;
  }
}

function addJson(pack: Pack, name: string, value: unknown): Promise<void> {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return new Promise((resolve, reject) => pack.entry({ name, size: body.length, mtime: new Date() }, body, (error) => (error ? reject(error) : resolve())));
}

/**
 * A tar header states the size before the bytes, and the record's `bytes` is it. A stored file that
 * turns out longer or shorter would corrupt every entry after it, so the export stops instead.
 */
async function addStream(pack: Pack, name: string, size: number, body: AsyncIterable<Uint8Array>): Promise<void> {
  let written = 0;
  const finished = new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size, mtime: new Date() }, (error) => (error ? reject(error) : resolve()));
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback: TransformCallback) {
        written += chunk.length;
        if (written > size) callback(new Error(`${name}: the stored file is larger than its record says (${size} bytes)`));
        else callback(null, chunk);
      },
      flush(callback: TransformCallback) {
        callback(written === size ? null : new Error(`${name}: the stored file has ${written} bytes, its record says ${size}`));
      },
    });
    pipeline(Readable.from(body), counter, entry).catch(reject);
  });
  await finished;
}
