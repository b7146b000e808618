import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createVerifier } from 'fast-jwt';
import { z } from 'zod';
import { loadDocument, RagApiStore } from './rag-api-store.js';

export interface RagApiDoubleOptions {
  /** The JWT_SECRET the RAG API shares with chatbox. */
  jwtSecret: string;
}

/** An /embed request as it arrived, for assertions on how the client sent it. */
export interface ReceivedEmbed {
  userId: string;
  fileId: string;
  fileName: string;
  contentType: string;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}

export interface RagApiDouble {
  /** http://127.0.0.1:<port>, stable across stop() and start(). */
  readonly url: string;
  readonly store: RagApiStore;
  readonly embeds: ReceivedEmbed[];
  /** Requests received, as "METHOD /path". */
  readonly requests: string[];
  /** Resolves when this many bytes of file parts have arrived in total (counted as they stream in). */
  fileBytesReceived(bytes: number): Promise<void>;
  /** Stops listening (connections refused, like a RAG API that is down); the data is kept. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

class DoubleError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The real API's QueryRequestBody. */
const queryBody = z.object({ file_id: z.string(), query: z.string(), k: z.number().int().default(4) });

const fileIdList = (body: unknown): string[] => {
  const ids = z.array(z.string()).safeParse(body);
  if (!ids.success) throw new DoubleError(422, 'body must be a list of file ids');
  return ids.data;
};

function routes(app: FastifyInstance, store: RagApiStore, embeds: ReceivedEmbed[], countBytes: (bytes: number) => void) {
  const userOf = (request: FastifyRequest): string => request.getDecorator<string>('ragUser');

  app.get('/health', async () => ({ status: 'UP' }));

  app.post('/embed', async (request) => {
    let fileId: string | undefined;
    let file: { fileName: string; contentType: string; bytes: Buffer } | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'file_id') fileId = String(part.value);
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) {
        chunks.push(chunk);
        countBytes(chunk.length);
      }
      file = { fileName: part.filename, contentType: part.mimetype, bytes: Buffer.concat(chunks) };
    }
    if (!fileId || !file) throw new DoubleError(422, 'file_id and file are required');
    embeds.push({ userId: userOf(request), fileId, fileName: file.fileName, contentType: file.contentType, headers: request.headers, bytes: file.bytes.length });
    const loaded = loadDocument(file.fileName, file.contentType, file.bytes);
    if ('error' in loaded) throw new DoubleError(400, loaded.error);
    // As the real one: an unknown type is still stored (read as text), and answered known_type false.
    store.add(fileId, userOf(request), file.fileName, loaded.text);
    return { status: true, message: 'File processed successfully.', file_id: fileId, filename: file.fileName, known_type: loaded.knownType };
  });

  app.post('/query', async (request) => {
    const body = queryBody.safeParse(request.body);
    if (!body.success) throw new DoubleError(422, 'file_id and query are required');
    return store.query(userOf(request), body.data.file_id, body.data.query, body.data.k);
  });

  app.get('/documents', async (request) => {
    const ids = new URLSearchParams(request.url.split('?')[1] ?? '').getAll('ids');
    const found = ids.map((id) => store.of(userOf(request), id));
    if (ids.length === 0 || found.some((chunks) => chunks.length === 0)) throw new DoubleError(404, 'One or more IDs not found');
    return found.flat();
  });

  // FastAPI answers the joined text as a JSON string.
  app.get<{ Params: { id: string } }>('/documents/:id/context', async (request, reply) => {
    const chunks = store.of(userOf(request), request.params.id);
    if (chunks.length === 0) throw new DoubleError(404, 'The specified file_id was not found');
    return reply.type('application/json').send(JSON.stringify(chunks.map((chunk) => chunk.page_content).join('\n')));
  });

  app.delete('/documents', async (request) => {
    const ids = fileIdList(request.body);
    if (store.remove(userOf(request), ids).missing) throw new DoubleError(404, 'One or more IDs not found');
    return { message: `Documents for ${ids.length} file${ids.length > 1 ? 's' : ''} deleted successfully` };
  });
}

/**
 * LibreChat's RAG API (danny-avila/rag_api) in memory for tests, on its wire: /embed (multipart
 * `file_id`, `file`), /query (`[[document, distance], …]`), /documents (list, delete),
 * /documents/<id>/context and /health, behind its middleware's check of an HS256 JWT signed with the
 * shared JWT_SECRET (401 `{detail}` without one). Chunks are kept per file id and per the token's user,
 * and nobody else's are ever answered. Word overlap stands in for the embeddings.
 */
export async function startRagApiDouble(options: RagApiDoubleOptions): Promise<RagApiDouble> {
  const verify = createVerifier({ key: options.jwtSecret, algorithms: ['HS256'] });
  const store = new RagApiStore();
  const embeds: ReceivedEmbed[] = [];
  const requests: string[] = [];
  let receivedBytes = 0;
  let waiters: Array<{ bytes: number; resolve: () => void }> = [];
  const countBytes = (bytes: number) => {
    receivedBytes += bytes;
    waiters = waiters.filter((waiter) => (receivedBytes >= waiter.bytes ? (waiter.resolve(), false) : true));
  };

  const build = async () => {
    const app = Fastify();
    app.decorateRequest('ragUser', '');
    await app.register(fastifyMultipart, { limits: { fileSize: Number.MAX_SAFE_INTEGER } });
    app.addHook('onRequest', async (request: FastifyRequest) => {
      requests.push(`${request.method} ${request.url.split('?')[0]}`);
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) throw new DoubleError(401, 'Missing or invalid Authorization header');
      let payload: { id?: unknown };
      try {
        payload = verify(header.slice(7));
      } catch (error) {
        throw new DoubleError(401, `Invalid token: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (typeof payload.id !== 'string') throw new DoubleError(401, 'Invalid token: no user id');
      request.setDecorator('ragUser', payload.id);
    });
    app.setErrorHandler(async (error: Error, _request: FastifyRequest, reply: FastifyReply) => {
      const status = error instanceof DoubleError ? error.status : 500;
      return reply.code(status).send({ detail: error instanceof DoubleError ? error.detail : error.message });
    });
    routes(app, store, embeds, countBytes);
    return app;
  };

  let app = await build();
  const port = Number(new URL(await app.listen({ host: '127.0.0.1', port: 0 })).port);
  let running = true;

  const double: RagApiDouble = {
    url: `http://127.0.0.1:${port}`,
    store,
    embeds,
    requests,
    fileBytesReceived(bytes) {
      if (receivedBytes >= bytes) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ bytes, resolve }));
    },
    async stop() {
      if (!running) return;
      running = false;
      await app.close();
    },
    async start() {
      if (running) return;
      app = await build();
      await app.listen({ host: '127.0.0.1', port });
      running = true;
    },
    async close() {
      await double.stop();
    },
  };
  return double;
}
