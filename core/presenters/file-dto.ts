import type { StoredFile } from '../store/repositories/files.js';

/** A file on the wire, in LibreChat's TFile shape (`object: 'file'`, `usage`), no null sizes. */
export interface FileDto {
  file_id: string;
  user: string;
  filename: string;
  filepath: string;
  type: string;
  bytes: number;
  source: string;
  context: string;
  embedded: boolean;
  object: 'file';
  /** How often the file was attached; chatbox does not count it. */
  usage: number;
  width?: number;
  height?: number;
  conversationId?: string;
  createdAt: string;
  updatedAt: string;
}

/** LibreChat's client rejects null widths and ids, so a missing one is left out. */
export function toFileDto(file: StoredFile): FileDto {
  const { width, height, conversationId, createdAt, updatedAt, ...rest } = file;
  return {
    ...rest,
    object: 'file',
    usage: 0,
    ...(width !== null ? { width } : {}),
    ...(height !== null ? { height } : {}),
    ...(conversationId !== null ? { conversationId } : {}),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}
