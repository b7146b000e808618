/** An error as Meilisearch answers it: `{message, code, type, link}` with an HTTP status. */
export class MeiliError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly type: 'invalid_request' | 'auth' | 'internal' | 'system' = 'invalid_request',
  ) {
    super(message);
    this.name = 'MeiliError';
  }

  toJSON(): { message: string; code: string; type: string; link: string } {
    return { message: this.message, code: this.code, type: this.type, link: `https://docs.meilisearch.com/errors#${this.code}` };
  }
}
