import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRagApiDouble, type RagApiDouble } from './index.js';

const secret = 'j'.repeat(64);
const tokenFor = (id: string, key = secret) => createSigner({ key, algorithm: 'HS256', expiresIn: 60_000 })({ id });

describe('RAG API double', () => {
  let double: RagApiDouble;
  beforeAll(async () => {
    double = await startRagApiDouble({ jwtSecret: secret });
  });
  afterAll(() => double.close());

  const call = (path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${double.url}${path}`, { ...init, headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.headers ?? {}) } });

  it('refuses a missing or foreign token with 401 and its detail, on every route', async () => {
    const missing = await call('/health');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ detail: 'Missing or invalid Authorization header' });
    const foreign = await call('/documents/x/context', { token: tokenFor('user-a', 'k'.repeat(64)) });
    expect(foreign.status).toBe(401);
    expect((await foreign.json()).detail).toMatch(/^Invalid token/);
    expect(await (await call('/health', { token: tokenFor('user-a') })).json()).toEqual({ status: 'UP' });
  });

  it('embeds per file and user, ranks by word overlap, answers the context and deletes', async () => {
    const form = new FormData();
    form.append('file_id', 'file-1');
    form.append('file', new Blob(['Otters hold hands while sleeping. '.repeat(30) + 'Bees dance to show where flowers are.']), 'notes.txt');
    const embed = await call('/embed', { method: 'POST', body: form, token: tokenFor('user-a') });
    expect(await embed.json()).toEqual({ status: true, message: 'File processed successfully.', file_id: 'file-1', filename: 'notes.txt', known_type: true });
    expect(double.store.of('user-a', 'file-1').length).toBeGreaterThan(1);

    const query = (token: string) =>
      call('/query', { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ file_id: 'file-1', query: 'where do bees dance', k: 2 }) });
    const ranked: Array<[{ page_content: string; metadata: { source: string } }, number]> = await (await query(tokenFor('user-a'))).json();
    expect(ranked).toHaveLength(2);
    expect(ranked[0][0].page_content).toContain('Bees dance');
    expect(ranked[0][0].metadata.source).toBe('/app/uploads/user-a/notes.txt');
    expect(ranked[0][1]).toBeLessThan(ranked[1][1]);
    expect(await (await query(tokenFor('user-b'))).json()).toEqual([]);

    const context = await call('/documents/file-1/context', { token: tokenFor('user-a') });
    expect(await context.json()).toContain('Otters hold hands');
    expect((await call('/documents/file-1/context', { token: tokenFor('user-b') })).status).toBe(404);

    const remove = (token: string) => call('/documents', { method: 'DELETE', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(['file-1']) });
    expect((await remove(tokenFor('user-b'))).status).toBe(404);
    expect(double.store.of('user-a', 'file-1').length).toBeGreaterThan(1);
    expect(await (await remove(tokenFor('user-a'))).json()).toEqual({ message: 'Documents for 1 file deleted successfully' });
    expect(double.store.of('user-a', 'file-1')).toEqual([]);
  });

  it('reads the text of a PDF-like file, answers known_type false for an unknown type and 400 for bytes that are not text', async () => {
    const embed = async (fileName: string, content: string | Uint8Array<ArrayBuffer>, type = '') => {
      const form = new FormData();
      form.append('file_id', fileName);
      form.append('file', new Blob([content], { type }), fileName);
      const answer = await call('/embed', { method: 'POST', body: form, token: tokenFor('user-c') });
      return { status: answer.status, body: await answer.json() };
    };
    expect((await embed('paper.pdf', '%PDF-1.4\nBT (Hello from a PDF) Tj ET\n%%EOF', 'application/pdf')).body.known_type).toBe(true);
    expect(double.store.of('user-c', 'paper.pdf')[0].page_content).toBe('Hello from a PDF');
    expect((await embed('data.bin', 'plain words', 'application/octet-stream')).body.known_type).toBe(false);
    const binary = await embed('blob.bin', new Uint8Array([1, 0, 2]), 'application/octet-stream');
    expect(binary.status).toBe(400);
    expect(binary.body.detail).toMatch(/^Error during file processing/);
  });
});
