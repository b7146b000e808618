import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { S3Error } from './s3-error.js';

/** The credentials the double accepts. */
export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const authorizationPattern = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** RFC 3986 encoding, as SigV4 canonicalises query strings. */
const strictEncode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Checks a request's AWS Signature Version 4 the way S3 does: the Authorization header is present,
 * names a known access key and the region, and its signature matches the canonical request rebuilt
 * from what arrived (method, path as sent, sorted query, the signed headers, `x-amz-content-sha256`).
 * The payload itself is not hashed here: the header's value is what the signature covers.
 */
export function verifySignature(request: IncomingMessage, credentials: S3Credentials): void {
  const header = request.headers.authorization;
  if (!header) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const match = authorizationPattern.exec(header);
  if (!match) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  const [, accessKeyId, date, region, signedHeaderList, signature] = match;
  if (accessKeyId !== credentials.accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (region !== credentials.region) throw new S3Error(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; the region '${region}' is wrong; expecting '${credentials.region}'`);
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const payloadHash = request.headers['x-amz-content-sha256'];
  if (!amzDate.startsWith(date) || typeof payloadHash !== 'string') throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');

  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The request must sign host and x-amz-date.');
  const rawUrl = request.url ?? '/';
  const queryStart = rawUrl.indexOf('?');
  const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const query = queryStart === -1 ? '' : rawUrl.slice(queryStart + 1);
  const canonicalRequest = [
    request.method ?? 'GET',
    path,
    canonicalQuery(query),
    ...signedHeaders.map((name) => `${name}:${headerValue(request, name)}`),
    '',
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), 's3'), 'aws4_request');
  const expected = hmac(signingKey, stringToSign);
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
  }
}

function canonicalQuery(query: string): string {
  if (query === '') return '';
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = decodeURIComponent(equals === -1 ? pair : pair.slice(0, equals));
      const value = equals === -1 ? '' : decodeURIComponent(pair.slice(equals + 1).replace(/\+/g, '%20'));
      return [strictEncode(name), strictEncode(value)] as const;
    })
    .sort(([leftName, leftValue], [rightName, rightValue]) => (leftName === rightName ? compare(leftValue, rightValue) : compare(leftName, rightName)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const compare = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);

/** A header's value as SigV4 canonicalises it: repeated values joined by commas, spaces trimmed and collapsed. */
function headerValue(request: IncomingMessage, name: string): string {
  const value = request.headers[name];
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined.trim().replace(/\s+/g, ' ');
}
