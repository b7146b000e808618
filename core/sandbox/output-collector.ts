import type { PythonRunResult } from './sandbox-types.js';

type Stream = 'stdout' | 'stderr';

/**
 * Gathers what the program prints as the worker posts it (so a killed program still shows its
 * output), decoding UTF-8 across chunk boundaries, and says how much was dropped past the cap.
 */
export function createOutputCollector(outputBytes: number) {
  const streams = {
    stdout: { decoder: new TextDecoder(), text: '', kept: 0, dropped: 0 },
    stderr: { decoder: new TextDecoder(), text: '', kept: 0, dropped: 0 },
  };
  let finished: PythonRunResult | null = null;

  function read(stream: Stream): string {
    const state = streams[stream];
    const text = state.text + state.decoder.decode();
    return state.dropped > 0 ? `${text}\n[output truncated: ${state.dropped} more bytes were not kept]\n` : text;
  }

  return {
    add(stream: Stream, bytes: Uint8Array | undefined, dropped = 0): void {
      const state = streams[stream];
      if (bytes) {
        // The worker caps too; this guards the cap whatever a worker sends.
        const kept = bytes.subarray(0, Math.max(0, outputBytes - state.kept));
        state.text += state.decoder.decode(kept, { stream: true });
        state.kept += kept.length;
        state.dropped += bytes.length - kept.length;
      }
      state.dropped += dropped;
    },
    /** The run's result; the first call wins (a kill and a late answer may race). */
    finish(outcome: Omit<PythonRunResult, 'stdout' | 'stderr'>): PythonRunResult {
      finished ??= {
        stdout: read('stdout'),
        stderr: read('stderr'),
        files: outcome.files,
        timedOut: outcome.timedOut,
        ...(outcome.result !== undefined && { result: outcome.result }),
        ...(outcome.error !== undefined && { error: outcome.error }),
      };
      return finished;
    },
  };
}
