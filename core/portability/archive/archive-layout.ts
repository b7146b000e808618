/**
 * The export-all archive (docs/api.md, "Take all your data"): a gzipped tar whose entries come in
 * this order, so an import can read it as a stream and map file ids before the conversations that
 * mention them arrive.
 *
 *   manifest.json                    ArchiveManifest
 *   presets.json                     the presets as GET /api/presets answers them
 *   files.json                       the file records as GET /api/files answers them
 *   files/<file_id>/<filename>       each file's bytes
 *   conversations/<conversationId>.json   one conversation in chatbox JSON
 */

export const archiveVersion = 1;
export const manifestEntry = 'manifest.json';
export const presetsEntry = 'presets.json';
export const filesEntry = 'files.json';
export const filesFolder = 'files/';
export const conversationsFolder = 'conversations/';

/** What travels of the user: never a password hash, a key or a provider id. */
export interface ArchiveUser {
  name: string | null;
  username: string | null;
  email: string;
}

export interface ArchiveManifest {
  format: 'chatbox-export';
  version: number;
  exportedAt: string;
  user: ArchiveUser;
}

/** The tar entry name of a file's bytes: the id keeps names apart, the file name is only for people unpacking it. */
export function fileEntryName(fileId: string, fileName: string): string {
  const safeName = fileName.replace(/[/\\\0]/g, '_').slice(0, 200) || 'file';
  return `${filesFolder}${fileId}/${safeName}`;
}

/** The file id of a `files/<file_id>/<name>` entry; null for any other name. */
export function fileIdOfEntry(name: string): string | null {
  const match = /^files\/([^/]+)\/[^/]+$/.exec(name);
  return match ? match[1]! : null;
}

/** Gzip's magic bytes: how POST /api/convos/import tells an archive from a JSON export. */
export function isGzip(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}
