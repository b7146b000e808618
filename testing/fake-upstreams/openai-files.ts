import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** One file the fake holds, as OpenAI's Files API describes it (plus its bytes). */
export interface FakeOpenAIFile {
  id: string;
  filename: string;
  purpose: string;
  bytes: Buffer;
  createdAt: number;
}

/** The files of a fake OpenAI upstream, kept for assertions. */
export class FakeOpenAIFiles {
  readonly files = new Map<string, FakeOpenAIFile>();
  /** Uploads whose body never arrived whole (the client went away): counted, never stored. */
  abortedUploads = 0;
  /** Called when an upload's headers arrived, before its body is read (to abort a client mid-upload). */
  onUpload: (() => void) | undefined;
  /** When set, the only key accepted; any other answers 401 as OpenAI does. */
  apiKey: string | undefined;
  private clock = 1_717_000_000;

  add(filename: string, purpose: string, bytes: Buffer): FakeOpenAIFile {
    const file = { id: `file-${randomBytes(12).toString('hex')}`, filename, purpose, bytes, createdAt: (this.clock += 1) };
    this.files.set(file.id, file);
    return file;
  }
}

const fileObject = (file: FakeOpenAIFile) => ({
  id: file.id,
  object: 'file',
  bytes: file.bytes.length,
  created_at: file.createdAt,
  filename: file.filename,
  purpose: file.purpose,
  status: 'processed',
  status_details: null,
});

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function sendError(response: ServerResponse, status: number, message: string, param: string | null = null): void {
  sendJson(response, status, { error: { message, type: 'invalid_request_error', param, code: null } });
}

/** The parts of a `multipart/form-data` body: text fields, and the file part's name and bytes. */
function parseFormData(contentType: string, body: Buffer): { fields: Record<string, string>; file?: { filename: string; bytes: Buffer } } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  if (body.indexOf(Buffer.from(`${delimiter}--`)) < 0) return null;
  const fields: Record<string, string> = {};
  let file: { filename: string; bytes: Buffer } | undefined;
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const partStart = start + delimiter.length;
    if (body.subarray(partStart, partStart + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, partStart);
    if (next < 0) return null;
    const headEnd = body.indexOf('\r\n\r\n', partStart);
    const head = body.subarray(partStart, headEnd).toString('utf8');
    const content = body.subarray(headEnd + 4, next - 2);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined) file = { filename, bytes: Buffer.from(content) };
    else fields[name] = content.toString('utf8');
    start = next;
  }
  return { fields, file };
}

/** Reads the whole request body, or null when the client went away before its end. */
async function readComplete(message: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of message) chunks.push(Buffer.from(chunk));
  } catch {
    return null;
  }
  return message.complete ? Buffer.concat(chunks) : null;
}

/** GET …/files: newest first by default, with OpenAI's cursor paging (`after`, `limit`, `order`, `purpose`). */
function listFiles(response: ServerResponse, files: FakeOpenAIFiles, query: URLSearchParams): void {
  const order = query.get('order') === 'asc' ? 1 : -1;
  let all = [...files.files.values()].filter((file) => !query.get('purpose') || file.purpose === query.get('purpose'));
  all.sort((a, b) => order * (a.createdAt - b.createdAt));
  const after = query.get('after');
  if (after) all = all.slice(all.findIndex((file) => file.id === after) + 1);
  const limit = Math.min(Number(query.get('limit') ?? 10000) || 10000, 10000);
  const page = all.slice(0, limit);
  sendJson(response, 200, { object: 'list', data: page.map(fileObject), first_id: page[0]?.id ?? null, last_id: page.at(-1)?.id ?? null, has_more: all.length > limit });
}

/**
 * OpenAI's Files API, for the official SDK's `files.create` (multipart, purpose), `files.list`,
 * `files.retrieve`, `files.content` and `files.delete`, under any prefix (`/v1`, `/api/v1`). An upload is
 * stored only when its multipart body arrived whole: a client that aborts leaves nothing. Answers false
 * for any other request, so the chat fake answers it.
 */
export async function handleOpenAIFiles(message: IncomingMessage, response: ServerResponse, files: FakeOpenAIFiles): Promise<boolean> {
  const url = new URL(message.url ?? '/', 'http://fake');
  const match = /\/files(?:\/([^/]+)(\/content)?)?$/.exec(url.pathname);
  if (!match) return false;
  const [, id, content] = match;
  const method = message.method ?? 'GET';
  const key = /^Bearer (\S+)/.exec(String(message.headers.authorization ?? ''))?.[1];
  if (!key || (files.apiKey !== undefined && key !== files.apiKey)) {
    // Drained first: answering mid-upload would leave the client writing into a closed request.
    await readComplete(message);
    sendError(response, 401, key ? `Incorrect API key provided: ${key.slice(0, 3)}***.` : "You didn't provide an API key.");
    return true;
  }
  if (!id && method === 'POST') {
    files.onUpload?.();
    const body = await readComplete(message);
    if (body === null) {
      files.abortedUploads += 1;
      return true;
    }
    const form = parseFormData(String(message.headers['content-type'] ?? ''), body);
    if (!form?.file) sendError(response, 400, "Missing required parameter: 'file'.", 'file');
    else if (!form.fields.purpose) sendError(response, 400, "Missing required parameter: 'purpose'.", 'purpose');
    else sendJson(response, 200, fileObject(files.add(form.file.filename, form.fields.purpose, form.file.bytes)));
    return true;
  }
  if (!id && method === 'GET') {
    listFiles(response, files, url.searchParams);
    return true;
  }
  const file = id ? files.files.get(id) : undefined;
  if (!id || !['GET', 'DELETE'].includes(method) || (content && method !== 'GET')) {
    sendError(response, 405, `Method ${method} not allowed on ${url.pathname}.`);
  } else if (!file) {
    sendError(response, 404, `No such File object: ${id}`, 'id');
  } else if (method === 'DELETE') {
    files.files.delete(file.id);
    sendJson(response, 200, { id: file.id, object: 'file', deleted: true });
  } else if (content) {
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': file.bytes.length }).end(file.bytes);
  } else {
    sendJson(response, 200, fileObject(file));
  }
  return true;
}
