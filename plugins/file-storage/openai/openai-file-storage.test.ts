import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, describeFileStorageConformance, textOf } from '../../../testing/file-storage-conformance.js';
import { startFakeOpenAI, type FakeOpenAIUpstream } from '../../../testing/fake-upstreams/index.js';
import type { FileStorage } from '../../../core/plugin-api/index.js';
import { createOpenAIFileStorage } from './openai-file-storage.js';
import { openAIFileStorageSettingsSchema } from './settings.js';

let upstream: FakeOpenAIUpstream;
beforeAll(async () => {
  upstream = await startFakeOpenAI();
});
afterAll(async () => {
  await upstream.close();
});

const settings = () => openAIFileStorageSettingsSchema.parse({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${upstream.url}/v1` });

/** What the Files API lists for a user (its `<userId>__` names), read through the SDK's paged files.list. */
async function storedNames(userId: string): Promise<string[]> {
  const client = new OpenAI({ apiKey: 'sk-test', baseURL: `${upstream.url}/v1` });
  const names: string[] = [];
  for await (const file of client.files.list({ purpose: 'assistants', limit: 2 })) {
    if (file.filename.startsWith(`${userId}__`)) names.push(file.filename.slice(userId.length + 2));
  }
  return names.sort();
}

describeFileStorageConformance('openai', async () => {
  upstream.files.files.clear();
  return { storage: createOpenAIFileStorage(settings()), storedNames };
});

describe('openai file storage', () => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = createOpenAIFileStorage(settings());
  });

  it("uploads with purpose assistants and answers LibreChat's <baseURL>/files/<id> path naming the file", async () => {
    const saved = await storage.save({ userId: 'u1', fileName: 'notes.txt', mediaType: 'text/plain', body: bodyOf('notes') });
    expect(saved.path).toMatch(new RegExp(`^${upstream.url}/v1/files/file-[0-9a-f]{24}#u1__notes\\.txt$`));
    const id = /files\/(file-[0-9a-f]+)/.exec(saved.path)?.[1] ?? '';
    expect(upstream.files.files.get(id)).toMatchObject({ filename: 'u1__notes.txt', purpose: 'assistants' });
    expect(upstream.files.files.get(id)?.bytes.toString()).toBe('notes');
    expect(await storage.url(saved.path)).toBe(saved.path);
    expect(storage.browserLinks).toBe(false);
  });

  it('reads a file saved by LibreChat, whose path has no file name', async () => {
    const file = upstream.files.add('report.pdf', 'assistants', Buffer.from('%PDF-1.4 librechat'));
    expect(await textOf(await storage.readStream(`https://api.openai.com/v1/files/${file.id}`))).toBe('%PDF-1.4 librechat');
    await storage.delete(`https://api.openai.com/v1/files/${file.id}`);
    expect(upstream.files.files.has(file.id)).toBe(false);
  });

  it('refuses a path whose name is not the file it points at, and leaves that file alone on delete', async () => {
    const saved = await storage.save({ userId: 'u1', fileName: 'mine.txt', mediaType: 'text/plain', body: bodyOf('mine') });
    const other = saved.path.replace('#u1__', '#u2__');
    await expect(storage.readStream(other)).rejects.toThrow('File not found');
    await storage.delete(other);
    expect(await textOf(await storage.readStream(saved.path))).toBe('mine');
  });

  it('stops the upload when the save is aborted while the body is on the wire, storing nothing', async () => {
    const controller = new AbortController();
    upstream.files.onUpload = () => controller.abort();
    const aborted = upstream.files.abortedUploads;
    try {
      const body = bodyOf(Buffer.alloc(16 * 1024 * 1024, 1).toString('latin1'));
      await expect(storage.save({ userId: 'u9', fileName: 'cut.bin', mediaType: 'application/octet-stream', body }, { signal: controller.signal })).rejects.toThrow();
    } finally {
      upstream.files.onUpload = undefined;
    }
    await expect.poll(() => upstream.files.abortedUploads).toBe(aborted + 1);
    expect(await storedNames('u9')).toEqual([]);
  });

  it('reads a byte range, end inclusive, and to the end without one', async () => {
    const saved = await storage.save({ userId: 'u1', fileName: 'digits.txt', mediaType: 'text/plain', body: bodyOf('01234', '56789') });
    expect(await textOf(await storage.readStream(saved.path, { range: { start: 3, end: 6 } }))).toBe('3456');
    expect(await textOf(await storage.readStream(saved.path, { range: { start: 7 } }))).toBe('789');
    expect(await textOf(await storage.readStream(saved.path, { range: { start: 9, end: 9 } }))).toBe('9');
  });

  it.each(['/uploads/u1/a.txt', 'https://api.openai.com/v1/files/', 'https://api.openai.com/v1/files/../../etc', 'https://api.openai.com/v1/files/file-abc#u1__%E0%A4%A'])('refuses the path %j', async (path) => {
    await expect(storage.readStream(path)).rejects.toThrow('Invalid file path');
    await expect(storage.delete(path)).rejects.toThrow('Invalid file path');
  });

  it("rejects with the API's error when the key is refused, storing nothing", async () => {
    upstream.files.apiKey = 'sk-test';
    try {
      const before = upstream.files.files.size;
      const refused = createOpenAIFileStorage({ ...settings(), apiKey: 'sk-wrong' });
      await expect(refused.save({ userId: 'u1', fileName: 'a.txt', mediaType: 'text/plain', body: bodyOf('x') })).rejects.toThrow('Incorrect API key provided');
      expect(upstream.files.files.size).toBe(before);
    } finally {
      upstream.files.apiKey = undefined;
    }
  });
});

describe('openai file storage settings', () => {
  it('prefers the assistants endpoint key and base URL, then OPENAI_*, then api.openai.com', () => {
    expect(openAIFileStorageSettingsSchema.parse({ ASSISTANTS_API_KEY: 'sk-a', OPENAI_API_KEY: 'sk-o', ASSISTANTS_BASE_URL: 'http://a/v1/', OPENAI_BASE_URL: 'http://o/v1' })).toEqual({
      apiKey: 'sk-a',
      baseURL: 'http://a/v1',
      organization: undefined,
    });
    expect(openAIFileStorageSettingsSchema.parse({ ASSISTANTS_API_KEY: 'user_provided', OPENAI_API_KEY: 'sk-o' })).toEqual({ apiKey: 'sk-o', baseURL: 'https://api.openai.com/v1', organization: undefined });
  });

  it.each([{}, { OPENAI_API_KEY: 'user_provided' }, { ASSISTANTS_API_KEY: '  ' }])('refuses %j without a server key, naming the variables', (environment) => {
    const parsed = openAIFileStorageSettingsSchema.safeParse(environment);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['ASSISTANTS_API_KEY or OPENAI_API_KEY (not user_provided) is required for fileStrategy: openai']);
  });

  it('refuses a base URL that is not a URL', () => {
    expect(openAIFileStorageSettingsSchema.safeParse({ OPENAI_API_KEY: 'sk', OPENAI_BASE_URL: 'not a url' }).success).toBe(false);
  });
});
