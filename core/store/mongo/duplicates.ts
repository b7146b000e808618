import { MongoServerError, type Document } from 'mongodb';
import { DuplicateError } from '../../errors/index.js';

/** E11000: a unique index refused the write. */
export function isDuplicateKey(error: unknown): error is MongoServerError {
  return error instanceof MongoServerError && error.code === 11000;
}

/** Runs a write, turning a unique-index violation into the store's DuplicateError. `message` may name the index from its key pattern. */
export async function rethrowDuplicate<T>(
  write: () => Promise<T>,
  message: string | ((keyPattern: Document) => string),
  details: Record<string, unknown> = {},
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const keyPattern = (error.keyPattern ?? {}) as Document;
    throw new DuplicateError(typeof message === 'string' ? message : message(keyPattern), details);
  }
}

/**
 * Runs a write again when a unique index refused it because a concurrent request won a race (two
 * first upserts of one key, two presets made default at once): the next attempt sees the winner.
 */
export async function retryOnDuplicate<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isDuplicateKey(error) || attempt >= attempts) throw error;
    }
  }
}
