/**
 * The floor: the least a Node.js proxy can do between a client and the upstream, in a process of its
 * own like chatbox. It forwards each POST to the upstream (undici, kept-alive connections) and copies
 * the reply's bytes back as they come: no sign-in, no storage, no SDK, no frames of its own. Whatever
 * it adds over the direct path is the cost of one more process and two more hops on this machine, a
 * limit no Node.js server can go below; chatbox's figures are read against it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';

const upstreamUrl = process.argv[2];
const dispatcher = new Agent({ connections: null, keepAliveTimeout: 30_000 });

const server = createServer((incoming, outgoing) => {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    request(`${upstreamUrl}${incoming.url}`, {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json', authorization: incoming.headers.authorization ?? '' },
      body: Buffer.concat(chunks),
    }).then(
      ({ statusCode, body }) => {
        outgoing.writeHead(statusCode, { 'content-type': 'text/event-stream' });
        body.on('data', (chunk: Buffer) => outgoing.write(chunk));
        body.on('end', () => outgoing.end());
        body.on('error', () => outgoing.destroy());
      },
      () => outgoing.writeHead(502).end(),
    );
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
process.on('disconnect', () => process.exit(0));
