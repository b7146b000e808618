import { deserialize, serialize, type Document } from 'bson';

/**
 * Framing of the MongoDB wire protocol: every message starts with a 16-byte header
 * (messageLength, requestID, responseTo, opCode, little-endian int32s). Commands travel as OP_MSG;
 * the driver's very first handshake may still be a legacy OP_QUERY on `admin.$cmd`, answered with
 * an OP_REPLY.
 */
const opReply = 1;
const opQuery = 2004;
const opMsg = 2013;
const headerLength = 16;
const checksumPresent = 1 << 0;
const moreToCome = 1 << 1;

export interface WireRequest {
  requestId: number;
  /** The command, with the documents of kind-1 sections (insert's `documents` …) folded in by identifier. */
  command: Document;
  /** A legacy OP_QUERY: the reply must be an OP_REPLY. */
  legacy: boolean;
  /** The client wants no reply (an unacknowledged write). */
  moreToCome: boolean;
}

/** Splits a TCP byte stream into whole messages: one may arrive in pieces, or several in one chunk. */
export class MessageFramer {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const messages: Buffer[] = [];
    while (this.pending.length >= 4) {
      const length = this.pending.readInt32LE(0);
      if (length < headerLength) throw new Error(`invalid message length ${length}`);
      if (this.pending.length < length) break;
      messages.push(this.pending.subarray(0, length));
      this.pending = this.pending.subarray(length);
    }
    return messages;
  }
}

// Longs that fit a double come back as numbers, so a getMore's cursor id can key a Map.
const readOptions = { promoteLongs: true, promoteValues: true } as const;

export function decodeRequest(message: Buffer): WireRequest {
  const requestId = message.readInt32LE(4);
  const opCode = message.readInt32LE(12);
  if (opCode === opMsg) return { requestId, legacy: false, ...decodeMsg(message) };
  if (opCode === opQuery) return { requestId, legacy: true, moreToCome: false, command: decodeQuery(message) };
  throw new Error(`the mongo double does not speak opCode ${opCode}`);
}

function decodeMsg(message: Buffer): { command: Document; moreToCome: boolean } {
  const flags = message.readUInt32LE(headerLength);
  const end = message.length - (flags & checksumPresent ? 4 : 0);
  let offset = headerLength + 4;
  let body: Document | undefined;
  const sequences: Array<[string, Document[]]> = [];
  while (offset < end) {
    const kind = message[offset++];
    const size = message.readInt32LE(offset);
    if (kind === 0) {
      body = deserialize(message.subarray(offset, offset + size), readOptions);
      offset += size;
      continue;
    }
    if (kind !== 1) throw new Error(`unknown OP_MSG section kind ${kind}`);
    const sectionEnd = offset + size;
    const nameEnd = message.indexOf(0, offset + 4);
    const identifier = message.toString('utf8', offset + 4, nameEnd);
    const documents: Document[] = [];
    for (let position = nameEnd + 1; position < sectionEnd; ) {
      const documentSize = message.readInt32LE(position);
      documents.push(deserialize(message.subarray(position, position + documentSize), readOptions));
      position += documentSize;
    }
    sequences.push([identifier, documents]);
    offset = sectionEnd;
  }
  if (!body) throw new Error('OP_MSG without a body section');
  for (const [identifier, documents] of sequences) body[identifier] = documents;
  return { command: body, moreToCome: Boolean(flags & moreToCome) };
}

function decodeQuery(message: Buffer): Document {
  const nameStart = headerLength + 4;
  const nameEnd = message.indexOf(0, nameStart);
  const namespace = message.toString('utf8', nameStart, nameEnd);
  // Skip numberToSkip and numberToReturn: a command query returns one document.
  const queryStart = nameEnd + 1 + 8;
  const query = deserialize(message.subarray(queryStart, queryStart + message.readInt32LE(queryStart)), readOptions);
  // Old drivers wrap the command when they add a read preference.
  const command: Document = '$query' in query ? query.$query : query;
  command.$db ??= namespace.split('.')[0];
  return command;
}

let nextRequestId = 1;

function header(bodyLength: number, responseTo: number, opCode: number): Buffer {
  const buffer = Buffer.alloc(headerLength);
  buffer.writeInt32LE(headerLength + bodyLength, 0);
  buffer.writeInt32LE(nextRequestId++, 4);
  buffer.writeInt32LE(responseTo, 8);
  buffer.writeInt32LE(opCode, 12);
  return buffer;
}

/** An OP_MSG with one body section. */
export function encodeMsg(responseTo: number, reply: Document): Buffer {
  const body = serialize(reply);
  const prefix = Buffer.alloc(5); // flagBits 0, then section kind 0
  return Buffer.concat([header(prefix.length + body.length, responseTo, opMsg), prefix, body]);
}

/** An OP_REPLY carrying one document, the answer to a legacy OP_QUERY. */
export function encodeReply(responseTo: number, reply: Document): Buffer {
  const body = serialize(reply);
  const fields = Buffer.alloc(20); // responseFlags, cursorID (int64), startingFrom: all 0
  fields.writeInt32LE(1, 16); // numberReturned
  return Buffer.concat([header(fields.length + body.length, responseTo, opReply), fields, body]);
}
