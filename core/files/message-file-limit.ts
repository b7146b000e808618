import { ValidationError } from '../errors/index.js';
import { limitsForEndpoint, type FileLimits } from './file-limits.js';

/**
 * The endpoint's `fileLimit` held on the chat request itself (spec 001 §5), not only by the client:
 * a message naming more files (distinct ids) than its endpoint allows is a 400 with the client's own
 * text. The endpoint's entry is found by its name when the yaml has one (`Groq:`), else by its kind
 * (`custom`, as LibreChat's client keys custom endpoints), else `default`.
 */
export function checkMessageFileCount(limits: FileLimits, endpoint: { name: string; kind: string }, files: ReadonlyArray<{ file_id: string }> | null | undefined): void {
  const count = new Set((files ?? []).map((file) => file.file_id)).size;
  if (count === 0) return;
  const key = Object.hasOwn(limits.endpoints, endpoint.name) ? endpoint.name : endpoint.kind;
  const { fileLimit } = limitsForEndpoint(limits, key);
  if (count > fileLimit) throw new ValidationError(`You can only upload up to ${fileLimit} files at a time.`, { fileLimit, files: count });
}
