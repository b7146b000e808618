import { decideFileType, extensionOf, readHead, sanitizeFileName } from '../../files/index.js';
import type { FileStorages } from '../../plugin-host/file-storages.js';
import type { StoredFile } from '../../store/repositories/files.js';
import type { Store } from '../../store/types.js';
import { ImportError } from '../imported-conversation.js';
import { isRecord, stringOf } from '../source-values.js';
import { stableId } from '../stable-id.js';

/** Where an archive's files go, under the rules an upload there would meet. */
export interface FileDestination {
  /** `fileStrategy`'s storage; null when the server stores no files (they are then counted failed). */
  target: FileStorages['current'];
  /** librechat.yaml's `fileConfig.userStorageLimit` in bytes; null or absent: none. */
  storageLimit?: number | null;
  /** What the server does to a new upload once stored (index a document's text); rejecting undoes it. */
  afterStore?: (record: StoredFile) => Promise<StoredFile>;
}

export interface FileCounts {
  imported: number;
  /** Imported before (same archive, same user): kept as they are. */
  skipped: number;
  /** Records whose bytes could not be stored (or never came); their references stay as exported. */
  failed: number;
}

/**
 * Puts an archive's files into the importing server's `fileStrategy` storage under new ids (derived
 * from the user and the exported id, so a second import finds them), and rewrites the references in
 * the conversations that follow them in the archive.
 */
export function createFileRestorer(store: Store, userId: string, { target, storageLimit = null, afterStore }: FileDestination) {
  const records = new Map<string, Record<string, unknown>>();
  // The user's stored bytes, counted once (the archive's files are added as they are stored).
  let used: Promise<number> | null = null;
  const restored = new Map<string, StoredFile>();
  const counts: FileCounts = { imported: 0, skipped: 0, failed: 0 };

  return {
    counts,
    /** files.json: the records of the bytes entries to come. */
    setRecords(list: unknown): void {
      if (!Array.isArray(list)) throw new ImportError('files.json is not a list');
      for (const record of list) {
        const fileId = isRecord(record) ? stringOf(record.file_id) : undefined;
        if (isRecord(record) && fileId) records.set(fileId, record);
      }
    },

    /** One `files/<file_id>/<name>` entry; the body is always read to its end, so the archive goes on. */
    async restore(fileId: string, body: EntryBody): Promise<void> {
      const record = records.get(fileId);
      const newId = stableId(userId, 'file', fileId);
      const existing = record ? await store.files.find(userId, newId) : null;
      if (!record || !target || existing) {
        body.resume();
        if (existing) {
          restored.set(fileId, existing);
          counts.skipped += 1;
        } else counts.failed += 1;
        return;
      }
      const filename = sanitizeFileName(stringOf(record.filename) ?? 'file');
      const size = typeof record.bytes === 'number' ? record.bytes : 0;
      used ??= storageLimit === null ? Promise.resolve(0) : store.files.list(userId).then((files) => files.reduce((sum, file) => sum + file.bytes, 0));
      if (storageLimit !== null) {
        // Over the user's storage limit by its record already: refused as an upload would be, before a byte is written.
        if ((await used) + size > storageLimit) {
          body.resume();
          counts.failed += 1;
          return;
        }
      }
      try {
        const chunks = bytesOf(body);
        const head = await readHead(chunks);
        // The record's type is the archive's word only: the bytes decide, as for an upload (an SVG is never an image).
        const { type } = decideFileType({ declaredType: stringOf(record.type), fileName: filename, head: Buffer.concat(head.chunks), wholeFile: head.done, supportedMimeTypes: anyType });
        // The record's size is the archive's word too: the limit holds on the bytes as they come.
        const allowance = storageLimit === null ? Infinity : storageLimit - (await used);
        let written = 0;
        const counted = (chunk: Buffer) => {
          written += chunk.length;
          if (written > allowance) throw new ImportError(`${filename} is over the storage limit`);
          return chunk;
        };
        const whole = async function* () {
          for (const chunk of head.chunks) yield counted(chunk);
          if (!head.done) for await (const chunk of chunks) yield counted(chunk);
        };
        const stored = await target.storage.save({ userId, fileName: `${newId}${extensionOf(filename)}`, mediaType: type, body: whole() });
        const exportedConversation = stringOf(record.conversationId);
        const saved = await store.files.upsert({
          file_id: newId,
          user: userId,
          filename,
          filepath: stored.path,
          type,
          bytes: stored.bytes,
          source: target.source,
          context: stringOf(record.context) ?? 'message_attachment',
          // The exporting server's text index does not travel: afterStore indexes the document here, as an upload.
          embedded: false,
          width: typeof record.width === 'number' ? record.width : null,
          height: typeof record.height === 'number' ? record.height : null,
          // The conversation's id after import, as build-conversation.ts derives it for chatbox JSON.
          conversationId: exportedConversation ? stableId(userId, 'librechat', exportedConversation) : null,
          temp_file_id: null,
        });
        const kept = afterStore ? await afterStore(saved) : saved;
        used = Promise.resolve((await used) + kept.bytes);
        restored.set(fileId, kept);
        counts.imported += 1;
      } catch {
        body.resume();
        counts.failed += 1;
      }
    },

    /** Points the `files` of a chatbox JSON conversation's messages at the restored records. */
    rewriteReferences(document: unknown): void {
      if (!isRecord(document)) return;
      const stack = [...(Array.isArray(document.messages) ? document.messages : []), ...(Array.isArray(document.messagesTree) ? document.messagesTree : [])];
      while (stack.length > 0) {
        const message: unknown = stack.pop();
        if (!isRecord(message)) continue;
        if (Array.isArray(message.children)) stack.push(...message.children);
        if (!Array.isArray(message.files)) continue;
        message.files = message.files.map((reference: unknown) => {
          const file = isRecord(reference) ? restored.get(String(reference.file_id)) : undefined;
          return file && isRecord(reference) ? { ...reference, file_id: file.file_id, filepath: file.filepath } : reference;
        });
      }
    },
  };
}

/** A tar entry's bytes: read as a stream, or skipped with resume(). */
export type EntryBody = AsyncIterable<unknown> & { resume(): unknown };

export type FileRestorer = ReturnType<typeof createFileRestorer>;

async function* bytesOf(body: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  for await (const chunk of body) {
    if (!(chunk instanceof Uint8Array)) throw new ImportError('a file entry of the archive is not bytes');
    yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}

// The exporting server took these files under its own endpoint rules; here only their bytes are checked.
const anyType: readonly RegExp[] = [/.*/];
