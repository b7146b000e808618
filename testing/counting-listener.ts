import { createServer } from 'node:net';

/** A loopback port that answers any connection with a small HTTP 200 and counts them. */
export interface CountingListener {
  port: number;
  /** How many connections reached it so far. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A target for a program that must have no network (the code interpreter's sandbox): it tries to
 * reach this port, and the test checks that no connection ever arrived.
 */
export async function startCountingListener(): Promise<CountingListener> {
  let connections = 0;
  const listener = createServer((socket) => {
    connections += 1;
    socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  if (typeof address !== 'object' || !address) throw new Error('the counting listener has no port');
  return {
    port: address.port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
  };
}
