import { errorFrameSchema, messageFrameSchema, type ReceivedFrame } from '@protocol';
import type { SseEvent } from '../../../lib/sse/index.js';
import type { ChatMessage } from './chat-message.js';

/** What an `event: error` says about the failed reply; empty when its data is not a message. */
export type ErrorFields = Partial<ChatMessage>;

export type ReadFrame =
  | { kind: 'frame'; frame: ReceivedFrame }
  /** `event: error`: `undefined` without data (the connection broke), null for JSON that is not an object. */
  | { kind: 'error'; error: ErrorFields | null | undefined }
  /** Not JSON, or a `message` frame of no known shape: LibreChat's client ignores what it cannot route too. */
  | { kind: 'ignored' };

/** Whatever of a message an error carries: it is shown even when the server left fields out. */
const errorFieldsSchema = errorFrameSchema.partial();

const parseJson = (data: string): unknown => {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** One server-sent event of a chat stream, checked against the wire's frame schema (core/protocol/stream-frames.ts). */
export function readFrame({ event, data }: SseEvent): ReadFrame {
  const payload = parseJson(data);
  if (event === 'error') {
    if (!data) return { kind: 'error', error: undefined };
    if (payload === undefined) return { kind: 'error', error: null };
    if (!isRecord(payload)) return { kind: 'error', error: null };
    const parsed = errorFieldsSchema.safeParse(payload);
    return { kind: 'error', error: parsed.success ? parsed.data : {} };
  }
  const parsed = messageFrameSchema.safeParse(payload);
  return parsed.success ? { kind: 'frame', frame: parsed.data } : { kind: 'ignored' };
}
