import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The API server of `chatbox serve` during development. */
const apiTarget = process.env.CHATBOX_API_URL ?? 'http://localhost:3080';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/oauth': { target: apiTarget, changeOrigin: true },
};

const { version } = JSON.parse(readFileSync(fromHere('../package.json'), 'utf8')) as { version: string };

export default defineConfig({
  root: fromHere('.'),
  publicDir: fromHere('./public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    // The wire schemas are shared with the server; the UI imports nothing else from core/.
    alias: [{ find: /^@protocol$/, replacement: fromHere('../core/protocol/index.ts') }],
  },
  define: {
    // Fallback for the footer when /api/config cannot be read.
    __APP_VERSION__: JSON.stringify(version),
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Named, stable chunks: the framework changes rarely and caches well; zod and the wire schemas
        // are only fetched by the screens with forms.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|cookie|set-cookie-parser)[\\/]/,
            },
            { name: 'protocol', test: /node_modules[\\/]zod[\\/]|core[\\/]protocol[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
