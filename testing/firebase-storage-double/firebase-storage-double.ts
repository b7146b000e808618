import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { ObjectStore, objectResource } from './objects.js';

export interface FirebaseStorageDouble {
  /** `127.0.0.1:<port>`: what FIREBASE_STORAGE_EMULATOR_HOST takes. */
  readonly host: string;
  /** Objects and open upload sessions, for assertions. */
  readonly store: ObjectStore;
  /** Requests received, as "METHOD /path?query". */
  readonly requests: string[];
  /** Called with each request's "METHOD /path?query" before it is answered (to abort a client mid-upload). */
  onRequest: ((request: string) => void) | undefined;
  close(): Promise<void>;
}

class StorageError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}

/** A `multipart/related` upload: a JSON metadata part, then the bytes. */
function parseMultipartRelated(contentType: string, body: Buffer): { metadata: Record<string, unknown>; data: Buffer; dataType: string } {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1];
  if (!boundary) throw new StorageError(400, 'multipart upload without a boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const first = body.indexOf(delimiter);
  const second = body.indexOf(delimiter, first + delimiter.length);
  const last = body.lastIndexOf(Buffer.from(`\r\n--${boundary}--`));
  if (first !== 0 || second < 0 || last < second) throw new StorageError(400, 'malformed multipart upload');
  const part = (start: number, end: number) => {
    const separator = body.indexOf('\r\n\r\n', start);
    return { head: body.subarray(start, separator).toString('utf8'), content: body.subarray(separator + 4, end) };
  };
  const metadataPart = part(first + delimiter.length, second - 2);
  const dataPart = part(second + delimiter.length, last);
  return {
    metadata: JSON.parse(metadataPart.content.toString('utf8')),
    data: Buffer.from(dataPart.content),
    dataType: /content-type:\s*([^\r\n]+)/i.exec(dataPart.head)?.[1] ?? 'application/octet-stream',
  };
}

/** `bytes=a-b` of a Range header, clamped to the object; undefined for no (or an unusable) header. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header) : null;
  if (!match || match[1] === '') return undefined;
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end ? { start, end } : undefined;
}

/**
 * A Firebase Storage emulator for tests, speaking the REST protocol the official `firebase/storage`
 * SDK uses after `connectStorageEmulator`: `/v0/b/<bucket>/o?name=` uploads (multipart and the
 * resumable protocol with its start/upload/query/finalize/cancel commands), object metadata, media
 * downloads (with Range), DELETE and prefix listing. An upload becomes an object only once complete,
 * as on the real service. No security rules: every request is allowed, as in an open emulator.
 */
export async function startFirebaseStorageDouble(): Promise<FirebaseStorageDouble> {
  const store = new ObjectStore();
  const requests: string[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse, origin: string) => {
    const url = new URL(request.url ?? '/', origin);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    double.onRequest?.(`${request.method} ${url.pathname}${url.search}`);
    const match = /^\/v0\/b\/([^/]+)\/o(?:\/(.+))?$/.exec(url.pathname);
    if (!match) throw new StorageError(404, 'Not Found.');
    const bucket = decodeURIComponent(match[1]);
    const objectName = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
    const method = request.method ?? 'GET';

    if (objectName === undefined && method === 'POST') return upload(request, response, url, bucket, origin);
    if (objectName === undefined && method === 'GET') return list(response, url, bucket);
    if (objectName === undefined) throw new StorageError(405, 'Method not allowed.');

    const object = store.get(bucket, objectName);
    if (method === 'DELETE') {
      if (!store.delete(bucket, objectName)) throw new StorageError(404, 'Not Found.');
      return void response.writeHead(204).end();
    }
    if (method !== 'GET') throw new StorageError(405, 'Method not allowed.');
    if (!object) throw new StorageError(404, 'Not Found.');
    if (url.searchParams.get('alt') !== 'media') return sendJson(response, 200, objectResource(object));
    const range = parseRange(request.headers.range, object.data.length);
    if (range) {
      response.writeHead(206, { 'content-type': object.contentType, 'content-range': `bytes ${range.start}-${range.end}/${object.data.length}` });
      return void response.end(object.data.subarray(range.start, range.end + 1));
    }
    response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.data.length }).end(object.data);
  };

  const upload = async (request: IncomingMessage, response: ServerResponse, url: URL, bucket: string, origin: string) => {
    const protocol = request.headers['x-goog-upload-protocol'];
    const command = String(request.headers['x-goog-upload-command'] ?? '');
    const uploadId = url.searchParams.get('upload_id');
    const body = await readBody(request);
    if (uploadId) return continueUpload(response, uploadId, command, body, Number(request.headers['x-goog-upload-offset'] ?? 0));
    const name = url.searchParams.get('name');
    if (!name) throw new StorageError(400, 'An object name is required.');
    if (protocol === 'multipart') {
      const { metadata, data, dataType } = parseMultipartRelated(String(request.headers['content-type'] ?? ''), body);
      const stored = store.put(bucket, name, String(metadata.contentType ?? dataType), data);
      return sendJson(response, 200, objectResource(stored));
    }
    if (protocol === 'resumable' && command === 'start') {
      const metadata = body.length ? JSON.parse(body.toString('utf8')) : {};
      const id = randomUUID();
      store.sessions.set(id, {
        bucket,
        name,
        contentType: String(request.headers['x-goog-upload-header-content-type'] ?? metadata.contentType ?? 'application/octet-stream'),
        size: Number(request.headers['x-goog-upload-header-content-length'] ?? 0),
        chunks: [],
        received: 0,
      });
      const uploadUrl = `${origin}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(name)}&upload_id=${id}&upload_protocol=resumable`;
      return void response.writeHead(200, { 'x-goog-upload-status': 'active', 'x-goog-upload-url': uploadUrl, 'x-guploader-uploadid': id }).end();
    }
    throw new StorageError(400, `unsupported upload protocol "${String(protocol)}" / command "${command}"`);
  };

  const continueUpload = (response: ServerResponse, id: string, command: string, body: Buffer, offset: number) => {
    const session = store.sessions.get(id);
    if (!session) throw new StorageError(404, 'Upload session not found.');
    const commands = command.split(',').map((part) => part.trim());
    if (commands.includes('cancel')) {
      store.sessions.delete(id);
      return void response.writeHead(200, { 'x-goog-upload-status': 'cancelled' }).end();
    }
    if (commands.includes('query')) {
      return void response.writeHead(200, { 'x-goog-upload-status': 'active', 'x-goog-upload-size-received': String(session.received) }).end();
    }
    if (commands.includes('upload')) {
      if (offset !== session.received) throw new StorageError(400, `offset ${offset} does not match the ${session.received} bytes received`);
      session.chunks.push(body);
      session.received += body.length;
    }
    if (commands.includes('finalize')) {
      store.sessions.delete(id);
      if (session.received !== session.size) throw new StorageError(400, `upload finalized with ${session.received} of ${session.size} bytes`);
      const stored = store.put(session.bucket, session.name, session.contentType, Buffer.concat(session.chunks));
      return sendJson(response, 200, objectResource(stored), { 'x-goog-upload-status': 'final' });
    }
    response.writeHead(200, { 'x-goog-upload-status': 'active' }).end();
  };

  const list = (response: ServerResponse, url: URL, bucket: string) => {
    const prefix = url.searchParams.get('prefix') ?? '';
    const delimiter = url.searchParams.get('delimiter') ?? '';
    const items: Array<{ name: string; bucket: string }> = [];
    const prefixes = new Set<string>();
    for (const name of store.names(bucket, prefix)) {
      const rest = name.slice(prefix.length);
      const cut = delimiter ? rest.indexOf(delimiter) : -1;
      if (cut >= 0) prefixes.add(prefix + rest.slice(0, cut + delimiter.length));
      else items.push({ name, bucket });
    }
    sendJson(response, 200, { prefixes: [...prefixes], items });
  };

  const server = createServer((request, response) => {
    const origin = `http://${request.headers.host ?? '127.0.0.1'}`;
    handle(request, response, origin).catch((error: unknown) => {
      const status = error instanceof StorageError ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      if (!response.headersSent) sendJson(response, status, { error: { code: status, message } });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the Firebase Storage double is not listening on TCP');
  const { port } = address;
  const double: FirebaseStorageDouble = {
    host: `127.0.0.1:${port}`,
    store,
    requests,
    onRequest: undefined,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return double;
}
