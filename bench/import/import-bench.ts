import { randomUUID } from 'node:crypto';
import { chatGptExportChunks, type GeneratedExportOptions } from '../../testing/generate-chatgpt-export.js';
import { sampleProcess } from '../lib/proc-stats.js';
import { figure, newResult, type BenchResult } from '../lib/report.js';
import { registerUser, startBenchServer } from '../lib/server.js';
import { streamedPost } from '../lib/streamed-post.js';

export interface ImportBenchOptions {
  /** The size of the generated ChatGPT export, MB (the figure is for 200). */
  megabytes: number;
}

const megabyte = 1024 * 1024;
/** The target: the server's resident memory grows by less than this while a 200 MB export imports. */
const rssGrowthTargetMb = 100;
const sampleEveryMs = 50;
// About 10 KB a conversation: a 200 MB file holds some 20,000 conversations of 10 messages.
const shape: Omit<GeneratedExportOptions, 'conversations'> = { exchanges: 5, textLength: 800 };

/**
 * A generated ChatGPT `conversations.json` imported through POST /api/convos/import of a running
 * `chatbox serve`, the file generated as it is sent (chunked) so the load generator holds none of
 * it. The server's RSS is sampled from /proc during the import; the figure is the highest sample
 * minus the RSS after a small warm-up import (which loads the importer).
 */
export async function importBench(options: ImportBenchOptions): Promise<BenchResult> {
  const result = newResult('import');
  const server = await startBenchServer({ env: { IMPORT_USER_MAX: '1000', IMPORT_IP_MAX: '1000', CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES: String(2 * options.megabytes * megabyte) } });
  try {
    const token = await registerUser(server.url, 'import@example.com');
    await importExport(server.url, token, chatGptExportChunks({ ...shape, conversations: 5, idPrefix: 'warm-up' }));
    const baseline = sampleProcess(server.pid).rssMb;

    const conversationBytes = Buffer.byteLength([...chatGptExportChunks({ ...shape, conversations: 1 })].join(''));
    const conversations = Math.ceil((options.megabytes * megabyte) / conversationBytes);
    let highest = baseline;
    const sampler = setInterval(() => (highest = Math.max(highest, sampleProcess(server.pid).rssMb)), sampleEveryMs);
    const started = performance.now();
    let answer: { imported: number; bytes: number };
    try {
      answer = await importExport(server.url, token, chatGptExportChunks({ ...shape, conversations, marker: (index) => `run${index}` }));
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    highest = Math.max(highest, sampleProcess(server.pid).rssMb);
    if (answer.imported !== conversations) result.errors.push(`imported ${answer.imported} of ${conversations} conversations`);
    const sentMb = answer.bytes / megabyte;

    result.figures.push(figure(`server RSS growth, one ${Math.round(sentMb)} MB ChatGPT export imported`, highest - baseline, 'MB', rssGrowthTargetMb));
    result.figures.push(figure(`import throughput (${conversations} conversations, ${conversations * shape.exchanges * 2} messages)`, conversations / seconds, 'conversations/s'));
    result.notes.push(`RSS ${Math.round(baseline)} MB after a warm-up import of 5 conversations, highest ${Math.round(highest)} MB during the import (sampled every ${sampleEveryMs} ms from /proc)`);
    if (options.megabytes < 200) result.notes.push(`quick mode: a ${options.megabytes} MB export instead of the issue's 200 MB; the full run sends 200 MB`);
    result.errors.push(...server.errorLines());
  } finally {
    await server.stop();
  }
  return result;
}

/** POST /api/convos/import with the generated file as the multipart `file`, written as fast as the server takes it. */
async function importExport(url: string, token: string, chunks: Iterable<string>): Promise<{ imported: number; bytes: number }> {
  const boundary = `----chatbox-bench-${randomUUID()}`;
  let bytes = 0;
  function* body() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="conversations.json"\r\nContent-Type: application/json\r\n\r\n`);
    for (const chunk of chunks) {
      const data = Buffer.from(chunk);
      bytes += data.length;
      yield data;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const headers = { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` };
  const { status, body: answer } = await streamedPost(`${url}/api/convos/import`, headers, body());
  if (status !== 201) throw new Error(`import of ${bytes} bytes: expected 201, got ${status}: ${answer.slice(0, 300)}`);
  const parsed: { imported: number } = JSON.parse(answer);
  return { imported: parsed.imported, bytes };
}
