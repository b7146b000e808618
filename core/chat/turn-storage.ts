import { ChatboxError } from '../errors/index.js';
import { storageFailureReason } from '../store/storage-failure.js';

const kept = {
  message: 'Your message could not be saved, so nothing of this turn was kept',
  reply: 'The reply could not be saved (your message was kept)',
};

/**
 * The error a turn ends with when the store refused part of it: what was lost, what was kept, and
 * why, so that a full disk is never a turn that looks fine and is gone on reload.
 */
export function turnStorageError(part: keyof typeof kept, cause: unknown): ChatboxError {
  const reason = storageFailureReason(cause)?.split(':')[0] ?? 'an unexpected error';
  return new ChatboxError('storage_failed', `${kept[part]}: the server's storage failed (${reason}). Tell the administrator.`, { reason });
}
