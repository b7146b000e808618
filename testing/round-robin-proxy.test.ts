import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';

let servers: Server[] = [];
let proxy: RoundRobinProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  servers = [];
});

/** An upstream that answers its name and what it was sent; `/slow` streams three chunks 50 ms apart. */
async function startUpstream(name: string): Promise<string> {
  const server = createServer(async (request, response) => {
    // An instance that dies holding the request: the connection ends without an answer.
    if (name === 'resetting') return request.socket.destroy();
    let body = '';
    for await (const chunk of request) body += chunk;
    if (request.url === '/slow') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const part of ['one', 'two', 'three']) {
        response.write(`data: ${part}\n\n`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return response.end();
    }
    response.end(JSON.stringify({ name, method: request.method, body, forwardedFor: request.headers['x-forwarded-for'] }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('the round-robin proxy of the scale-out test', () => {
  it('alternates upstreams per request, passes bodies and names the client', async () => {
    proxy = await startRoundRobinProxy([await startUpstream('a'), await startUpstream('b')]);
    const answers = [];
    for (let index = 0; index < 4; index += 1) answers.push(await (await fetch(proxy.url, { method: 'POST', body: `hello ${index}` })).json());
    expect(answers.map((answer) => answer.name)).toEqual(['a', 'b', 'a', 'b']);
    expect(answers.map((answer) => answer.body)).toEqual(['hello 0', 'hello 1', 'hello 2', 'hello 3']);
    expect(answers[0].forwardedFor).toBe('127.0.0.1');
  });

  it('streams each chunk as it comes', async () => {
    proxy = await startRoundRobinProxy([await startUpstream('a')]);
    const response = await fetch(`${proxy.url}/slow`);
    const reader = response.body!.getReader();
    const first = await reader.read();
    // The first event arrives before the upstream wrote the last one (100 ms later).
    expect(new TextDecoder().decode(first.value)).toBe('data: one\n\n');
    await reader.cancel();
  });

  it('passes a refused connection on to the next upstream, a POST with its body too', async () => {
    const living = await startUpstream('living');
    const dead = await startUpstream('dead');
    const deadServer = servers.pop()!;
    await new Promise((resolve) => deadServer.close(resolve));
    proxy = await startRoundRobinProxy([living, dead]);
    const answers = [];
    for (let index = 0; index < 4; index += 1) answers.push(await fetch(proxy.url, { method: 'POST', body: `hello ${index}` }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(bodies.map((body) => [body.name, body.body])).toEqual([0, 1, 2, 3].map((index) => ['living', `hello ${index}`]));
  });

  it('passes a GET the upstream dropped unanswered on to the next one; a POST it got is answered 502', async () => {
    proxy = await startRoundRobinProxy([await startUpstream('resetting'), await startUpstream('living')]);
    const get = await fetch(proxy.url);
    expect(get.status).toBe(200);
    expect((await get.json()).name).toBe('living');
    // The next turn is the resetting one's: a message must never be sent twice.
    const post = await fetch(proxy.url, { method: 'POST', body: 'once' });
    expect(post.status).toBe(502);
    expect(proxy.served.map((request) => request.method)).toEqual(['GET']);
  });
});
