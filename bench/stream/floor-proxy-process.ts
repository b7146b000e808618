/**
 * The floors: the least a Node.js proxy can do between a client and the upstream, in a process of
 * its own like chatbox. Mode `bytes` forwards each POST to the upstream (undici, kept-alive
 * connections) and copies the reply's bytes back as they come: no sign-in, no storage, no SDK, no
 * frames of its own. Whatever it adds over the direct path is the cost of one more process and two
 * more hops on this machine, a limit no Node.js server can go below.
 *
 * Mode `sdk` is the same proxy with the official OpenAI SDK in the middle, as the providers must be
 * (over the same fetch chatbox gives it): each chunk the SDK parsed is written back as a `data:`
 * frame. What it adds over `bytes` is the SDK's share, which no chatbox built on the SDK can avoid.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { Agent, request } from 'undici';
import { createRequestFetch } from '../../core/net/request-fetch.js';

const upstreamUrl = process.argv[2];
const mode = process.argv[3] === 'sdk' ? 'sdk' : 'bytes';
const dispatcher = new Agent({ connections: null, keepAliveTimeout: 30_000 });

function copyBytes(incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer): void {
  request(`${upstreamUrl}${incoming.url}`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', authorization: incoming.headers.authorization ?? '' },
    body,
  }).then(
    ({ statusCode, body: reply }) => {
      outgoing.writeHead(statusCode, { 'content-type': 'text/event-stream' });
      reply.on('data', (chunk: Buffer) => outgoing.write(chunk));
      reply.on('end', () => outgoing.end());
      reply.on('error', () => outgoing.destroy());
    },
    () => outgoing.writeHead(502).end(),
  );
}

const client = new OpenAI({ baseURL: `${upstreamUrl}/v1`, apiKey: 'sk-fake-openai', maxRetries: 0, fetch: createRequestFetch(dispatcher, request, fetch) });

async function throughSdk(outgoing: ServerResponse, body: Buffer): Promise<void> {
  try {
    const params = JSON.parse(body.toString()) as OpenAI.ChatCompletionCreateParamsStreaming;
    const stream = await client.chat.completions.create({ ...params, stream: true });
    outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
    for await (const chunk of stream) outgoing.write(`data: ${JSON.stringify(chunk)}\n\n`);
    outgoing.end('data: [DONE]\n\n');
  } catch {
    if (outgoing.headersSent) outgoing.destroy();
    else outgoing.writeHead(502).end();
  }
}

const server = createServer((incoming, outgoing) => {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    if (mode === 'sdk') void throughSdk(outgoing, Buffer.concat(chunks));
    else copyBytes(incoming, outgoing, Buffer.concat(chunks));
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
process.on('disconnect', () => process.exit(0));
