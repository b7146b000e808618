import { loadOnce } from '../../errors/index.js';

/** tar-stream (with its stream helpers, several MB) loads on the first export or archive import, not at start. */
export const loadTarStream = loadOnce('tar-stream', async () => (await import('tar-stream')).default);
