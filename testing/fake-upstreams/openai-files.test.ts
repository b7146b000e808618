import OpenAI, { NotFoundError, toFile } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIUpstream } from './index.js';

let upstream: FakeOpenAIUpstream;
let client: OpenAI;
beforeAll(async () => {
  upstream = await startFakeOpenAI();
  client = new OpenAI({ apiKey: 'sk-test', baseURL: `${upstream.url}/v1`, maxRetries: 0 });
});
afterAll(async () => {
  await upstream.close();
});
beforeEach(() => {
  upstream.files.files.clear();
});

describe('fake OpenAI Files API', () => {
  it('creates, retrieves, streams and deletes a file as the SDK expects', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 13, 10, 45, 45]);
    const created = await client.files.create({ file: await toFile(bytes, 'binary.bin'), purpose: 'assistants' });
    expect(created).toMatchObject({ object: 'file', bytes: 8, filename: 'binary.bin', purpose: 'assistants', status: 'processed' });
    expect(created.id).toMatch(/^file-/);
    expect(await client.files.retrieve(created.id)).toEqual(created);
    expect(Buffer.from(await (await client.files.content(created.id)).arrayBuffer())).toEqual(bytes);
    expect(await client.files.delete(created.id)).toEqual({ id: created.id, object: 'file', deleted: true });
    await expect(client.files.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.files.delete(created.id)).rejects.toThrow(`No such File object: ${created.id}`);
  });

  it('lists newest first in pages, filtered by purpose', async () => {
    const names = ['a.txt', 'b.txt', 'c.txt'];
    for (const name of names) await client.files.create({ file: await toFile(Buffer.from(name), name), purpose: 'assistants' });
    await client.files.create({ file: await toFile(Buffer.from('x'), 'tune.jsonl'), purpose: 'fine-tune' });
    const listed: string[] = [];
    for await (const file of client.files.list({ purpose: 'assistants', limit: 2 })) listed.push(file.filename);
    expect(listed).toEqual(['c.txt', 'b.txt', 'a.txt']);
    const firstPage = await client.files.list({ limit: 2, order: 'asc' });
    expect(firstPage.data.map((file) => file.filename)).toEqual(['a.txt', 'b.txt']);
    expect(firstPage.has_more).toBe(true);
  });

  it('answers 400 without a purpose and 401 for a wrong key, storing nothing', async () => {
    const form = new FormData();
    form.append('file', new File(['x'], 'a.txt'));
    const withoutPurpose = await fetch(`${upstream.url}/v1/files`, { method: 'POST', body: form, headers: { authorization: 'Bearer sk-test' } });
    expect(withoutPurpose.status).toBe(400);
    expect(await withoutPurpose.json()).toEqual({ error: { message: "Missing required parameter: 'purpose'.", type: 'invalid_request_error', param: 'purpose', code: null } });
    upstream.files.apiKey = 'sk-right';
    try {
      await expect(client.files.create({ file: await toFile(Buffer.from('x'), 'a.txt'), purpose: 'assistants' })).rejects.toThrow('Incorrect API key provided');
    } finally {
      upstream.files.apiKey = undefined;
    }
    expect(upstream.files.files.size).toBe(0);
  });

  it('leaves chat completions to the chat fake', async () => {
    upstream.control.configure({ reply: 'still chatting' });
    const completion = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0].message.content).toBe('still chatting');
  });
});
