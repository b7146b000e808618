import OpenAI, { NotFoundError } from 'openai';
import type { FileStorage, FileToSave, StoredFile } from '../../../core/plugin-api/index.js';
import { isPlainSegment } from '../shared/path-segment.js';
import { sliceStream, webStreamChunks } from '../shared/byte-range.js';
import { spoolToDisk } from '../shared/spool-to-disk.js';
import type { OpenAIFileStorageSettings } from './settings.js';

/** The Files API keeps no owner or metadata: the uploaded file name carries the user, `<userId>__<fileName>`. */
const remoteName = (userId: string, fileName: string) => `${userId}__${fileName}`;

/** A stored path read back: the file id, and the remote name it must have (absent in LibreChat's own paths). */
interface FileReference {
  id: string;
  name?: string;
}

/**
 * Files in an OpenAI-compatible Files API through the official SDK: `files.create` with purpose
 * `assistants`, `files.content` streamed, `files.delete`. A saved path is LibreChat's `filepath` for
 * these files, `<baseURL>/files/<id>`, plus `#<userId>__<fileName>` so a path can only read the file it
 * was made for; LibreChat's own paths (no fragment) read and delete by id. The SDK uploads a Blob, not a
 * stream, so the body is written to a temporary file first and sent from it (memory stays bounded).
 * The Files API has no byte ranges: a range is read from the start, the bytes before it dropped.
 */
export function createOpenAIFileStorage(settings: OpenAIFileStorageSettings): FileStorage {
  const client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, organization: settings.organization ?? null });

  function referenceOf(path: string): FileReference {
    const match = /\/files\/(file-[A-Za-z0-9_-]+)(?:#(.+))?$/.exec(path);
    if (!match) throw new Error('Invalid file path');
    try {
      return { id: match[1], name: match[2] === undefined ? undefined : decodeURIComponent(match[2]) };
    } catch {
      throw new Error('Invalid file path');
    }
  }

  /** The file's metadata; rejects with "File not found" when the id is unknown or names another file. */
  async function retrieve(reference: FileReference, signal?: AbortSignal) {
    try {
      const file = await client.files.retrieve(reference.id, { signal });
      if (reference.name === undefined || file.filename === reference.name) return file;
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
    throw new Error('File not found');
  }

  return {
    strategy: 'openai',

    async save(file: FileToSave, options = {}): Promise<StoredFile> {
      if (!isPlainSegment(file.userId) || !isPlainSegment(file.fileName)) throw new Error('Invalid file path');
      const name = remoteName(file.userId, file.fileName);
      const spooled = await spoolToDisk(file.body, name, file.mediaType, options.signal);
      try {
        const created = await client.files.create({ file: spooled.file, purpose: 'assistants' }, { signal: options.signal });
        return { path: `${settings.baseURL}/files/${created.id}#${encodeURIComponent(name)}`, bytes: spooled.bytes };
      } finally {
        await spooled.remove();
      }
    },

    async readStream(path, options = {}) {
      const reference = referenceOf(path);
      await retrieve(reference, options.signal);
      const response = await client.files.content(reference.id, { signal: options.signal });
      if (!response.body) throw new Error('File not found');
      const stream = webStreamChunks(response.body, options.signal);
      return options.range ? sliceStream(stream, options.range) : stream;
    },

    async delete(path) {
      const reference = referenceOf(path);
      try {
        await retrieve(reference);
        await client.files.delete(reference.id);
      } catch (error) {
        // Gone already (deleted twice, or by someone else): nothing left to remove.
        if (error instanceof NotFoundError || (error instanceof Error && error.message === 'File not found')) return;
        throw error;
      }
    },

    async url(path) {
      referenceOf(path);
      return path;
    },

    // The Files API wants the server's key: browsers get these files through chatbox's download route.
    browserLinks: false,
  };
}
