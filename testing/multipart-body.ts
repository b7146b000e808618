import { randomUUID } from 'node:crypto';

/** One part of a test upload: a text field, or a file with its name and declared type. */
export type FormPart = [name: string, value: string] | [name: string, file: { content: Uint8Array<ArrayBuffer> | string; fileName: string; type?: string }];

/**
 * A real multipart body, encoded by Node's own FormData (undici), in the order given: LibreChat's
 * v0.7.1 client sends `file` before `endpoint`, newer ones after, and the route must take both.
 */
export async function multipartBody(parts: FormPart[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.content], { type: value.type ?? '' }), value.fileName);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

/** The fields LibreChat's client sends with every upload, file first as v0.7.1 does. */
export function clientUpload(file: { content: Uint8Array<ArrayBuffer> | string; fileName: string; type?: string }, extra: Array<[string, string]> = []): FormPart[] {
  return [['file', { ...file, fileName: encodeURIComponent(file.fileName) }], ['file_id', randomUUID()], ...extra, ['endpoint', 'openAI']];
}

/** The smallest valid PNG: a 1×1 image. */
export const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
