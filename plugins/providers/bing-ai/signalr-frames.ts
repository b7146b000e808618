/** SignalR's JSON protocol ends every message with the record separator. */
export const RECORD_SEPARATOR = '\x1e';

export const encodeFrame = (message: unknown): string => `${JSON.stringify(message)}${RECORD_SEPARATOR}`;

/** The messages of one websocket frame; a part that is not JSON is skipped, as nodejs-gpt skips it. */
export function decodeFrames(data: string): unknown[] {
  return data.split(RECORD_SEPARATOR).flatMap((piece) => {
    if (piece.trim() === '') return [];
    try {
      return [JSON.parse(piece) as unknown];
    } catch {
      return [];
    }
  });
}
