import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** What a worker answers: the text it read, or why it could not. */
type WorkerAnswer = { text: string } | { error: string };

// Plain CommonJS, so it runs as is from the built package and under the test runner alike (as read-in-worker.ts).
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
async function extract({ kind, bytes, pdfjs, mammoth, maxCharacters }) {
  if (kind === 'docx') {
    const { value } = await require(mammoth).extractRawText({ buffer: Buffer.from(bytes) });
    return value.slice(0, maxCharacters);
  }
  const { getDocument } = await import(pdfjs);
  // verbosity 0: errors only (no font warnings); nothing is rendered, so no fonts or canvas are needed.
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false }).promise;
  let text = '';
  for (let number = 1; number <= pdf.numPages && text.length < maxCharacters; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\\n' : '');
    text += '\\n\\n';
    page.cleanup();
  }
  await pdf.destroy();
  return text.slice(0, maxCharacters);
}
extract(workerData).then(
  (text) => parentPort.postMessage({ text }),
  (error) => parentPort.postMessage({ error: String(error && error.message || error) }),
);
`;

const require = createRequire(import.meta.url);
const extractors = {
  pdfjs: pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href,
  mammoth: require.resolve('mammoth'),
};

export interface WorkerExtraction {
  kind: 'pdf' | 'docx';
  bytes: Uint8Array;
  maxCharacters: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Runs the PDF or Word extractor in a worker thread: parsing a large or hostile file is CPU work
 * that would otherwise stall every stream on the server. The worker's heap is capped, and it is
 * terminated on timeout or abort, so a file that makes the extractor spin costs one bounded thread.
 */
export function extractInWorker({ kind, bytes, maxCharacters, timeoutMs, signal }: WorkerExtraction): Promise<string> {
  if (signal?.aborted) return Promise.reject(new Error('extraction aborted'));
  // A copy with a buffer of its own to hand over: a small Buffer's memory is Node's shared pool, which must never be transferred.
  const copy = new Uint8Array(bytes);
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { kind, bytes: copy, maxCharacters, ...extractors },
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return new Promise<string>((resolve, reject) => {
    const stop = (reason: Error) => {
      reject(reason);
      void worker.terminate();
    };
    const timer = setTimeout(() => stop(new Error(`extracting the text took longer than ${timeoutMs} ms`)), timeoutMs);
    const onAbort = () => stop(new Error('extraction aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    worker.once('message', (answer: WorkerAnswer) => {
      settle();
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(answer.text);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settle();
      reject(error);
    });
    worker.once('exit', (code) => {
      settle();
      reject(new Error(`the extractor's worker exited with code ${code}`));
    });
  });
}
