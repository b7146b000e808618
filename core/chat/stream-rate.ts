import { setTimeout as sleep } from 'node:timers/promises';

/**
 * librechat.yaml `streamRate`: a pause after each streamed chunk, which spreads a fast model's
 * reply out for the reader as LibreChat does. An abort ends the pause at once.
 */
export async function paceStream(streamRate: number | undefined, signal: AbortSignal): Promise<void> {
  if (!streamRate || signal.aborted) return;
  await sleep(streamRate, undefined, { signal }).catch(() => undefined);
}
