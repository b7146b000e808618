import { randomUUID } from 'node:crypto';
import { expectStatus, requestJson } from '../lib/http.js';
import { sampleProcess } from '../lib/proc-stats.js';
import { figure, newResult, type BenchResult } from '../lib/report.js';
import { registerUser, startBenchServer } from '../lib/server.js';
import { streamedPost } from '../lib/streamed-post.js';

export interface UploadBenchOptions {
  /** The size of the measured upload, MB (the figure is for 500). */
  megabytes: number;
}

const megabyte = 1024 * 1024;
/** The target: the server's resident memory grows by less than this while one large upload streams in. */
const rssGrowthTargetMb = 50;
const chunkBytes = 256 * 1024;
const sampleEveryMs = 50;

/**
 * One large file uploaded to a running `chatbox serve` over HTTP (POST /api/files, multipart, as
 * LibreChat's client sends it), its bytes generated as they are sent so the load generator holds
 * none of it either. The server's RSS is sampled from /proc while the upload streams; the figure is
 * the highest sample minus the RSS after a small warm-up upload (which loads the upload code).
 * The file is a ZIP (an accepted type that is stored as sent, never extracted or resized).
 */
export async function uploadBench(options: UploadBenchOptions): Promise<BenchResult> {
  const result = newResult('uploads');
  const server = await startBenchServer();
  try {
    const token = await registerUser(server.url, 'uploads@example.com');
    const warmUp = await upload(server.url, token, 64 * 1024);
    await deleteFile(server.url, token, warmUp.fileId);
    const baseline = sampleProcess(server.pid).rssMb;

    let highest = baseline;
    const sampler = setInterval(() => (highest = Math.max(highest, sampleProcess(server.pid).rssMb)), sampleEveryMs);
    const started = performance.now();
    let uploaded: { fileId: string; bytes: number };
    try {
      uploaded = await upload(server.url, token, options.megabytes * megabyte);
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    highest = Math.max(highest, sampleProcess(server.pid).rssMb);
    if (uploaded.bytes !== options.megabytes * megabyte) result.errors.push(`the server stored ${uploaded.bytes} bytes of ${options.megabytes * megabyte}`);
    await deleteFile(server.url, token, uploaded.fileId);

    result.figures.push(figure(`server RSS growth, one ${options.megabytes} MB upload`, highest - baseline, 'MB', rssGrowthTargetMb));
    result.figures.push(figure(`upload throughput (${options.megabytes} MB over loopback, to local storage)`, options.megabytes / seconds, 'MB/s'));
    result.notes.push(`RSS ${Math.round(baseline)} MB after a 64 KB warm-up upload, highest ${Math.round(highest)} MB while the upload streamed (sampled every ${sampleEveryMs} ms from /proc)`);
    if (options.megabytes < 500) result.notes.push(`quick mode: a ${options.megabytes} MB upload instead of the issue's 500 MB; the full run sends 500 MB`);
    result.errors.push(...server.errorLines());
  } finally {
    await server.stop();
  }
  return result;
}

/** POST /api/files with a generated body of `bytes`, written as fast as the server takes it (backpressure, no buffering). */
async function upload(url: string, token: string, bytes: number): Promise<{ fileId: string; bytes: number }> {
  const boundary = `----chatbox-bench-${randomUUID()}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(`${field('file_id', randomUUID())}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  const tail = Buffer.from(`\r\n${field('endpoint', 'openAI')}--${boundary}--\r\n`);
  // A ZIP's signature first, so the server takes it for the archive it claims to be.
  const chunk = Buffer.alloc(chunkBytes, 0x5a);
  chunk.set([0x50, 0x4b, 0x03, 0x04], 0);
  function* body() {
    yield head;
    for (let sent = 0; sent < bytes; sent += chunkBytes) yield chunk.subarray(0, Math.min(chunkBytes, bytes - sent));
    yield tail;
  }
  const headers = { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + bytes + tail.length };
  const { status, body: answer } = await streamedPost(`${url}/api/files`, headers, body());
  if (status !== 200) throw new Error(`upload of ${bytes} bytes: expected 200, got ${status}: ${answer.slice(0, 300)}`);
  const record: { file_id: string; bytes: number } = JSON.parse(answer);
  return { fileId: record.file_id, bytes: record.bytes };
}

async function deleteFile(url: string, token: string, fileId: string): Promise<void> {
  expectStatus(await requestJson(`${url}/api/files`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` }, body: { files: [{ file_id: fileId }] } }), 200, 'delete the uploaded file');
}
