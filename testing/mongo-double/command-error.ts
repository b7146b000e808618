import type { Document } from 'bson';

/**
 * A failed command, answered the way a real server does: `{ ok: 0, errmsg, code, codeName }`. The
 * driver turns that into a MongoServerError, so the code under test sees the same error it would in
 * production.
 */
export class CommandError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
    /** Extra fields of the reply (keyPattern, keyValue …). */
    readonly extra: Document = {},
  ) {
    super(message);
    this.name = 'CommandError';
  }

  toReply(): Document {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }

  /** The entry of a write command's writeErrors array. */
  toWriteError(index: number): Document {
    return { index, code: this.code, errmsg: this.message, ...this.extra };
  }
}

export function badValue(message: string): CommandError {
  return new CommandError(2, 'BadValue', message);
}

export function namespaceNotFound(namespace: string): CommandError {
  return new CommandError(26, 'NamespaceNotFound', `ns not found: ${namespace}`);
}

/** The real server's E11000 message, keyPattern and keyValue: code under test may read any of them. */
export function duplicateKey(namespace: string, indexName: string, keyPattern: Document, keyValue: Document): CommandError {
  const shown = Object.entries(keyValue)
    .map(([field, value]) => `${field}: ${JSON.stringify(value)}`)
    .join(', ');
  return new CommandError(11000, 'DuplicateKey', `E11000 duplicate key error collection: ${namespace} index: ${indexName} dup key: { ${shown} }`, {
    keyPattern,
    keyValue,
  });
}
