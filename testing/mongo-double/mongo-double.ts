import { createServer, type Socket } from 'node:net';
import { Catalog } from './collection.js';
import { runCommand } from './commands.js';
import { CursorRegistry } from './cursors.js';
import { decodeRequest, encodeMsg, encodeReply, MessageFramer } from './wire-protocol.js';

export interface MongoDouble {
  readonly port: number;
  /** A connection string for the real driver; the database defaults to chatbox. */
  uri(database?: string): string;
  /** Forgets a database without a round trip (test cleanup). */
  dropDatabase(name: string): void;
  close(): Promise<void>;
}

/**
 * A MongoDB server double on a loopback port: OP_MSG commands (and the legacy OP_QUERY hello),
 * data in memory, unique indexes enforced. Driven by the real `mongodb` driver in tests.
 */
export async function startMongoDouble(options: { port?: number } = {}): Promise<MongoDouble> {
  const catalog = new Catalog();
  const cursors = new CursorRegistry();
  const sockets = new Set<Socket>();
  let connections = 0;

  const server = createServer((socket) => {
    const connectionId = ++connections;
    const framer = new MessageFramer();
    sockets.add(socket);
    // A double must never keep a test process alive on its own.
    socket.unref();
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const message of framer.push(chunk)) {
          const request = decodeRequest(message);
          const reply = runCommand(request.command, { catalog, cursors, connectionId });
          if (request.moreToCome) continue;
          socket.write(request.legacy ? encodeReply(request.requestId, reply) : encodeMsg(request.requestId, reply));
        }
      } catch {
        // Bytes the double cannot frame: a server would drop the connection too.
        socket.destroy();
      }
    });
  });
  server.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    uri: (database = 'chatbox') => `mongodb://127.0.0.1:${port}/${database}?directConnection=true`,
    dropDatabase: (name) => catalog.dropDatabase(name),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
