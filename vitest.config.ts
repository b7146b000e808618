import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** One command, three projects: server (node), ui (jsdom), e2e (a real server and Chromium). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['core/**/*.test.ts', 'config/**/*.test.ts', 'plugins/**/*.test.ts', 'bin/**/*.test.ts', 'testing/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Same alias as ui/vite.config.ts: the UI imports the shared wire schemas as `@protocol`.
        resolve: {
          alias: [
            { find: /^@protocol$/, replacement: fileURLToPath(new URL('./core/protocol/index.ts', import.meta.url)) },
          ],
        },
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['ui/src/**/*.test.{ts,tsx}'],
          setupFiles: ['ui/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['ui/e2e/**/*.e2e.test.ts'],
          globalSetup: ['ui/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
