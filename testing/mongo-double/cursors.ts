import { calculateObjectSize, Long, type Document } from 'bson';
import { CommandError } from './command-error.js';

/** The server's default first batch; a later batch without a batchSize fills up to the byte cap. */
const defaultFirstBatch = 101;
// Well under the 48 MB message limit, so a reply always fits.
const maxBatchBytes = 8 * 1024 * 1024;

interface OpenCursor {
  namespace: string;
  results: Document[];
  /** How many of the results were handed out. */
  position: number;
}

/** The reply document a cursor-returning command answers with. */
export interface CursorReply {
  cursor: { id: Long; ns: string; firstBatch?: Document[]; nextBatch?: Document[] };
  ok: 1;
}

/**
 * Open cursors by id. Results are computed whole when the command runs and handed out a batch at a
 * time, so getMore and killCursors behave as on a server (ids are int64, 0 means exhausted).
 */
export class CursorRegistry {
  private readonly open = new Map<number, OpenCursor>();
  private nextId = 1;

  /** Answers a find or aggregate: the first batch, and a cursor id when more remain. */
  start(namespace: string, results: Document[], options: { batchSize?: number; singleBatch?: boolean }): CursorReply {
    const batch = takeBatch(results, 0, options.batchSize || defaultFirstBatch);
    let id = 0;
    if (batch.length < results.length && !options.singleBatch) {
      id = this.nextId++;
      this.open.set(id, { namespace, results, position: batch.length });
    }
    return { cursor: { id: Long.fromNumber(id), ns: namespace, firstBatch: batch }, ok: 1 };
  }

  more(id: number, batchSize: number | undefined): CursorReply {
    const cursor = this.open.get(id);
    if (!cursor) throw new CommandError(43, 'CursorNotFound', `cursor id ${id} not found`);
    const batch = takeBatch(cursor.results, cursor.position, batchSize || Number.POSITIVE_INFINITY);
    cursor.position += batch.length;
    const exhausted = cursor.position >= cursor.results.length;
    if (exhausted) this.open.delete(id);
    const replyId = exhausted ? 0 : id;
    return { cursor: { id: Long.fromNumber(replyId), ns: cursor.namespace, nextBatch: batch }, ok: 1 };
  }

  kill(ids: number[]): { cursorsKilled: Long[]; cursorsNotFound: Long[] } {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const id of ids) (this.open.delete(id) ? killed : notFound).push(Long.fromNumber(id));
    return { cursorsKilled: killed, cursorsNotFound: notFound };
  }
}

/** The batch starting at `position`: at most batchSize documents and, past the first, the byte cap. */
function takeBatch(results: Document[], position: number, batchSize: number): Document[] {
  const batch: Document[] = [];
  let bytes = 0;
  for (let index = position; index < results.length && batch.length < batchSize; index++) {
    bytes += calculateObjectSize(results[index]);
    if (batch.length > 0 && bytes > maxBatchBytes) break;
    batch.push(results[index]);
  }
  return batch;
}
