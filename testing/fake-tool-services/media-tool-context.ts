import type { SavedToolFile, ToolContext, ToolFileToSave } from '../../core/plugin-api/index.js';
import { createGuardedFetch } from '../../core/net/guarded-fetch.js';

/** Test fixture: a ToolContext whose fetch is the real SSRF guard (with `allowedHosts`) and whose saveFile keeps the files in `saved`. */
export function mediaToolContext(options: { credentials?: Record<string, string>; allowedHosts?: string[]; signal?: AbortSignal } = {}): ToolContext & { saved: ToolFileToSave[] } {
  const saved: ToolFileToSave[] = [];
  return {
    signal: options.signal ?? new AbortController().signal,
    userId: 'user-1',
    credentials: options.credentials ?? {},
    fetch: createGuardedFetch(options.allowedHosts ?? []),
    log: { debug() {}, info() {}, warn() {}, error() {} },
    saved,
    async saveFile(file): Promise<SavedToolFile> {
      saved.push(file);
      return { file_id: `file-${saved.length}`, filepath: `/images/user-1/file-${saved.length}.png`, width: 64, height: 48 };
    },
  };
}
