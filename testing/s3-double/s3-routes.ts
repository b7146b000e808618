import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseByteRange } from '../../core/files/index.js';
import type { Bucket, S3Object } from './bucket.js';
import { readPayload } from './request-body.js';
import { escapeXml, S3Error, s3Namespace, xmlDocument } from './s3-error.js';

/** A request addressed path-style (`/<bucket>/<key>`), as clients with `forcePathStyle` send them. */
export interface S3Request {
  method: string;
  bucket: Bucket;
  /** The decoded key; '' for bucket-level operations. */
  key: string;
  query: URLSearchParams;
  raw: IncomingMessage;
}

function sendXml(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'application/xml' }).end(xmlDocument(body));
}

/** Routes one request to the S3 operation its method, key and query name. */
export async function routeS3(request: S3Request, response: ServerResponse): Promise<void> {
  const { method, bucket, key, query } = request;
  if (key === '') {
    if (method === 'GET' && query.get('list-type') === '2') return listObjectsV2(bucket, query, response);
    if (method === 'GET' && query.has('uploads')) return listMultipartUploads(bucket, query, response);
    if (method === 'HEAD') return void response.writeHead(200).end();
    throw new S3Error(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented');
  }
  const uploadId = query.get('uploadId');
  switch (method) {
    case 'PUT': {
      const body = await readPayload(request.raw);
      if (uploadId !== null) {
        const etag = bucket.putPart(key, uploadId, Number(query.get('partNumber')), body);
        return void response.writeHead(200, { etag }).end();
      }
      const object = bucket.put(key, body, contentTypeOf(request.raw));
      return void response.writeHead(200, { etag: object.etag }).end();
    }
    case 'POST': {
      if (query.has('uploads')) {
        const upload = bucket.createUpload(key, contentTypeOf(request.raw));
        return sendXml(
          response,
          200,
          `<InitiateMultipartUploadResult xmlns="${s3Namespace}"><Bucket>${escapeXml(bucket.name)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${upload.uploadId}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      if (uploadId !== null) {
        const parts = completedParts((await readPayload(request.raw)).toString('utf8'));
        const object = bucket.complete(key, uploadId, parts);
        return sendXml(
          response,
          200,
          `<CompleteMultipartUploadResult xmlns="${s3Namespace}"><Location>/${escapeXml(bucket.name)}/${escapeXml(key)}</Location><Bucket>${escapeXml(bucket.name)}</Bucket><Key>${escapeXml(key)}</Key><ETag>${escapeXml(object.etag)}</ETag></CompleteMultipartUploadResult>`,
        );
      }
      break;
    }
    case 'DELETE':
      if (uploadId !== null) bucket.abort(key, uploadId);
      else bucket.delete(key);
      return void response.writeHead(204).end();
    case 'GET':
    case 'HEAD':
      return sendObject(bucket.get(key), request, response);
  }
  throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
}

const contentTypeOf = (request: IncomingMessage) => String(request.headers['content-type'] ?? 'binary/octet-stream');

/** GetObject and HeadObject: the whole object, or 206 with the bytes a `Range: bytes=…` header asks for. */
function sendObject(object: S3Object, request: S3Request, response: ServerResponse): void {
  const size = object.body.length;
  const headers: Record<string, string | number> = {
    'content-type': object.contentType,
    etag: object.etag,
    'last-modified': object.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
  };
  // S3 reads Range as HTTP does (one range; a suffix; an end past the object cut; anything else ignored).
  const range = parseByteRange(request.raw.headers.range, size);
  if (range === 'unsatisfiable') {
    throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', `/${request.bucket.name}/${request.key}`, { 'content-range': `bytes */${size}` });
  }
  const body = range ? object.body.subarray(range.start, range.end + 1) : object.body;
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
  headers['content-length'] = body.length;
  response.writeHead(range ? 206 : 200, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** The `<Part>` list of a CompleteMultipartUpload body. */
function completedParts(xml: string): Array<{ partNumber: number; etag: string }> {
  const parts = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, part]) => ({
    partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part)?.[1] ?? Number.NaN),
    etag: (/<ETag>([\s\S]*?)<\/ETag>/.exec(part)?.[1] ?? '').replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
  }));
  if (!xml.includes('<CompleteMultipartUpload') || parts.some((part) => Number.isNaN(part.partNumber) || part.etag === '')) {
    throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema');
  }
  return parts;
}

/** ListObjectsV2 with `prefix`, `max-keys` and `continuation-token` (the last key returned, base64). */
function listObjectsV2(bucket: Bucket, query: URLSearchParams, response: ServerResponse): void {
  const prefix = query.get('prefix') ?? '';
  const maxKeys = Math.min(1000, Number(query.get('max-keys') ?? 1000));
  const token = query.get('continuation-token');
  const after = token === null ? null : Buffer.from(token, 'base64').toString('utf8');
  const matching = bucket.list(prefix).filter((object) => after === null || Buffer.compare(Buffer.from(object.key), Buffer.from(after)) > 0);
  const page = matching.slice(0, maxKeys);
  const truncated = matching.length > page.length;
  const contents = page
    .map((object) => `<Contents><Key>${escapeXml(object.key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${escapeXml(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`)
    .join('');
  const next = truncated ? `<NextContinuationToken>${Buffer.from(page[page.length - 1].key).toString('base64')}</NextContinuationToken>` : '';
  sendXml(
    response,
    200,
    `<ListBucketResult xmlns="${s3Namespace}"><Name>${escapeXml(bucket.name)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${token === null ? '' : `<ContinuationToken>${escapeXml(token)}</ContinuationToken>`}${next}${contents}</ListBucketResult>`,
  );
}

/**
 * ListMultipartUploads with `prefix`, `max-uploads` and the `key-marker`/`upload-id-marker` pair of
 * the previous page's `NextKeyMarker`/`NextUploadIdMarker`: the uploads begun and neither completed
 * nor aborted, ordered as S3 orders them (by key, then by when each began; a stable sort keeps
 * uploads begun in the same millisecond in the order they were created).
 */
function listMultipartUploads(bucket: Bucket, query: URLSearchParams, response: ServerResponse): void {
  const prefix = query.get('prefix') ?? '';
  const maxUploads = Math.min(1000, Number(query.get('max-uploads') ?? 1000));
  const keyMarker = query.get('key-marker') ?? '';
  const uploadIdMarker = query.get('upload-id-marker') ?? '';
  const ordered = [...bucket.uploads.values()]
    .filter((upload) => upload.key.startsWith(prefix))
    .sort((left, right) => Buffer.compare(Buffer.from(left.key), Buffer.from(right.key)) || left.initiated.getTime() - right.initiated.getTime());
  const markerAt = uploadIdMarker === '' ? -1 : ordered.findIndex((upload) => upload.key === keyMarker && upload.uploadId === uploadIdMarker);
  const after =
    markerAt >= 0
      ? ordered.slice(markerAt + 1)
      : ordered.filter((upload) => keyMarker === '' || Buffer.compare(Buffer.from(upload.key), Buffer.from(keyMarker)) > 0);
  const page = after.slice(0, maxUploads);
  const truncated = after.length > page.length;
  const last = page.at(-1);
  const next = truncated && last ? `<NextKeyMarker>${escapeXml(last.key)}</NextKeyMarker><NextUploadIdMarker>${last.uploadId}</NextUploadIdMarker>` : '';
  const uploads = page
    .map((upload) => `<Upload><Key>${escapeXml(upload.key)}</Key><UploadId>${upload.uploadId}</UploadId><Initiated>${upload.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`)
    .join('');
  sendXml(
    response,
    200,
    `<ListMultipartUploadsResult xmlns="${s3Namespace}"><Bucket>${escapeXml(bucket.name)}</Bucket><KeyMarker>${escapeXml(keyMarker)}</KeyMarker><UploadIdMarker>${escapeXml(uploadIdMarker)}</UploadIdMarker>${next}<Prefix>${escapeXml(prefix)}</Prefix><MaxUploads>${maxUploads}</MaxUploads><IsTruncated>${truncated}</IsTruncated>${uploads}</ListMultipartUploadsResult>`,
  );
}
