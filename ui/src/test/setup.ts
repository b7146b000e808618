import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { tokenStore } from '../lib/token-store.js';

// Routes are lazy chunks: on a loaded two-core CI machine they can take seconds to arrive, so the
// find*/waitFor queries wait up to 5 s (they still return as soon as the condition holds).
configure({ asyncUtilTimeout: 5000 });

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  tokenStore.clear();
  window.localStorage.clear();
  document.documentElement.className = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
