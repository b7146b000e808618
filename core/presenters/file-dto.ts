import type { FileDto } from '../protocol/files.js';
import type { StoredFile } from '../store/repositories/files.js';

export type { FileDto } from '../protocol/files.js';

/** LibreChat's client rejects null widths and ids, so a missing one is left out. */
export function toFileDto(file: StoredFile): FileDto {
  const { width, height, conversationId, temp_file_id, createdAt, updatedAt, ...rest } = file;
  return {
    ...rest,
    object: 'file',
    usage: 0,
    ...(width !== null ? { width } : {}),
    ...(height !== null ? { height } : {}),
    ...(conversationId !== null ? { conversationId } : {}),
    ...(temp_file_id ? { temp_file_id } : {}),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}
