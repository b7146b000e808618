import { request as httpRequest, type ClientRequest, type OutgoingHttpHeaders } from 'node:http';

/**
 * A POST whose body is written piece by piece, each as soon as the server has taken the one before
 * (backpressure: the load generator holds one piece at a time), and its answer read whole.
 */
export async function streamedPost(url: string, headers: OutgoingHttpHeaders, pieces: Iterable<Buffer>): Promise<{ status: number; body: string }> {
  const outgoing = httpRequest(url, { method: 'POST', headers });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
  });
  for (const piece of pieces) await write(outgoing, piece);
  outgoing.end();
  return answer;
}

function write(outgoing: ClientRequest, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    outgoing.once('error', onError);
    const drained = outgoing.write(data, () => undefined);
    const done = () => {
      outgoing.off('error', onError);
      resolve();
    };
    if (drained) done();
    else outgoing.once('drain', done);
  });
}
