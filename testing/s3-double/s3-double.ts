import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Bucket } from './bucket.js';
import { S3Error } from './s3-error.js';
import { routeS3 } from './s3-routes.js';
import { verifySignature, type S3Credentials } from './sigv4.js';

export interface S3DoubleOptions {
  /** The bucket that exists; any other answers NoSuchBucket. */
  bucket?: string;
  /** The only key pair and region accepted (SigV4 is verified in full). */
  credentials?: Partial<S3Credentials>;
  /** Called with each request ("METHOD /path?query") before it is answered: a test's way to act mid-request. */
  onRequest?: (request: string) => void;
}

export interface S3Double {
  /** http://127.0.0.1:<port>: the endpoint for a client with `forcePathStyle` (MinIO style). */
  readonly url: string;
  readonly bucket: Bucket;
  readonly credentials: S3Credentials;
  /** The variables that point chatbox's `s3` storage here (AWS_REGION, AWS_BUCKET_NAME, the key pair, AWS_ENDPOINT_URL). */
  readonly environment: Record<string, string>;
  /** Requests received, as "METHOD /path?query". */
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * An S3 server in memory for tests, enough of the REST API for the real `@aws-sdk/client-s3` and
 * `@aws-sdk/lib-storage`: PutObject, the multipart upload calls, GetObject with Range, HeadObject,
 * DeleteObject, ListObjectsV2 and ListMultipartUploads, with S3's XML error bodies and SigV4 checked
 * on every request. Path-style addressing only; listens on 127.0.0.1.
 */
export async function startS3Double(options: S3DoubleOptions = {}): Promise<S3Double> {
  const bucket = new Bucket(options.bucket ?? 'chatbox-test');
  const credentials: S3Credentials = { accessKeyId: 'AKIATESTDOUBLE', secretAccessKey: 'test-secret-access-key', region: 'us-east-1', ...options.credentials };
  const requests: string[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const requestId = randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase();
    response.setHeader('x-amz-request-id', requestId);
    requests.push(`${request.method} ${request.url}`);
    options.onRequest?.(`${request.method} ${request.url}`);
    try {
      verifySignature(request, credentials);
      const url = new URL(request.url ?? '/', 'http://double');
      const [bucketName = '', ...keySegments] = url.pathname.slice(1).split('/');
      if (decodeURIComponent(bucketName) !== bucket.name) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', `/${bucketName}`);
      const key = keySegments.map((segment) => decodeURIComponent(segment)).join('/');
      await routeS3({ method: request.method ?? 'GET', bucket, key, query: url.searchParams, raw: request }, response);
    } catch (error) {
      const s3Error = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error));
      // A HEAD answer has no body: the client reads the status alone (NotFound for a missing key).
      const body = request.method === 'HEAD' ? undefined : s3Error.toXml(requestId);
      if (!response.headersSent) response.writeHead(s3Error.status, { 'content-type': 'application/xml', ...s3Error.headers });
      response.end(body);
      // An error before the body was read: drop the rest rather than read megabytes nobody needs.
      if (!request.complete) request.destroy();
    }
  };

  const server = createServer((request, response) => void handle(request, response));
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address && typeof address === 'object') resolve(address.port);
    });
  });

  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    bucket,
    credentials,
    environment: {
      AWS_REGION: credentials.region,
      AWS_BUCKET_NAME: bucket.name,
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_ENDPOINT_URL: url,
    },
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
