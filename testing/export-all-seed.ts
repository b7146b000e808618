import type { FastifyInstance } from 'fastify';
import { NO_PARENT } from '../core/chat/message-tree.js';
import { bearer, type SignedInUser } from './build-test-server.js';
import { clientUpload, multipartBody, onePixelPng } from './multipart-body.js';

export const seededDocument = 'Harbour minutes: the crane is fixed.\nNext meeting on Tuesday.\n';

export interface SeededData {
  conversationId: string;
  imageFileId: string;
  documentFileId: string;
}

/**
 * What an export-all test moves: a conversation with two branches (an edited question and a
 * regenerated reply), endpoint options, fixed timestamps, an image and a document attached to the
 * first message, a second conversation and a preset. Files go through the upload routes (so they
 * sit in the storage), conversations straight into the store.
 */
export async function seedExportableData(app: FastifyInstance, account: SignedInUser, prefix = 'seed'): Promise<SeededData> {
  const upload = async (url: string, content: Uint8Array<ArrayBuffer> | string, fileName: string, type: string, extra: Array<[string, string]> = []) => {
    const { payload, headers } = await multipartBody(clientUpload({ content, fileName, type }, extra));
    const response = await app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(account) } });
    if (response.statusCode !== 200) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
    return response.json<{ file_id: string; filepath: string; filename: string; type: string; width?: number; height?: number }>();
  };
  const image = await upload('/api/files/images', new Uint8Array(onePixelPng), 'pixel.png', 'image/png', [['width', '1'], ['height', '1']]);
  const document = await upload('/api/files', seededDocument, 'minutes.txt', 'text/plain');

  const conversationId = `${prefix}-conversation`;
  const at = (second: number) => new Date(Date.UTC(2024, 4, 1, 10, 0, second));
  await app.store.conversations.upsert({
    conversationId, user: account.userId, title: 'Harbour cranes', endpoint: 'openAI', model: 'gpt-4o', temperature: 0.3, promptPrefix: 'Be brief.', createdAt: at(0), updatedAt: at(30),
  });
  const message = (messageId: string, parentMessageId: string, text: string, second: number, fields: Record<string, unknown> = {}) =>
    app.store.messages.upsert({
      messageId, conversationId, user: account.userId, parentMessageId, text, sender: fields.isCreatedByUser ? 'User' : 'GPT-4o', isCreatedByUser: false,
      error: false, unfinished: false, endpoint: 'openAI', model: 'gpt-4o', createdAt: at(second), updatedAt: at(second), ...fields,
    });
  const files = [
    { file_id: image.file_id, filename: image.filename, filepath: image.filepath, type: image.type, width: image.width, height: image.height },
    { file_id: document.file_id, filename: document.filename, filepath: document.filepath, type: document.type },
  ];
  await message(`${prefix}-q1`, NO_PARENT, 'What is in these files?', 1, { isCreatedByUser: true, model: null, files });
  await message(`${prefix}-a1`, `${prefix}-q1`, 'A pixel and the harbour minutes.', 5, { finish_reason: 'stop', tokenCount: 9 });
  await message(`${prefix}-a2`, `${prefix}-q1`, 'A regenerated answer.', 10, { unfinished: true });
  await message(`${prefix}-q2`, NO_PARENT, 'An edited first question', 20, { isCreatedByUser: true, model: null, isEdited: true });
  await message(`${prefix}-a3`, `${prefix}-q2`, 'The answer to the edit.', 30);

  await app.store.conversations.upsert({ conversationId: `${prefix}-other`, user: account.userId, title: 'Second chat', endpoint: 'anthropic', model: 'claude-3-5-sonnet', tools: ['calculator'], createdAt: at(40), updatedAt: at(41) });
  await app.store.messages.upsert({
    messageId: `${prefix}-other-q`, conversationId: `${prefix}-other`, user: account.userId, parentMessageId: NO_PARENT, text: 'Hello Claude',
    sender: 'User', isCreatedByUser: true, error: false, unfinished: false, endpoint: 'anthropic', model: null, createdAt: at(40), updatedAt: at(40),
  });

  const preset = await app.inject({
    method: 'POST', url: '/api/presets', headers: bearer(account),
    payload: { title: `${prefix} preset`, endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.7, promptPrefix: 'Answer in French.', tools: ['calculator', 'google'] },
  });
  if (preset.statusCode !== 201) throw new Error(`preset failed: ${preset.statusCode} ${preset.body}`);
  return { conversationId, imageFileId: image.file_id, documentFileId: document.file_id };
}

type Json = Record<string, unknown>;

/**
 * A user's data as the API shows it, with the ids an import changes replaced by what they point at
 * (a message's parent by its text, a file reference by its record's name and bytes), so two
 * instances' copies compare equal when everything moved.
 */
export async function userSnapshot(app: FastifyInstance, account: SignedInUser) {
  const get = async <T>(url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: bearer(account) });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };
  const files = await get<Json[]>('/api/files');
  const bytesOf = async (file: Json) => (await app.inject({ method: 'GET', url: `/api/files/download/${account.userId}/${String(file.file_id)}`, headers: bearer(account) })).body;
  const fileById = new Map(files.map((file) => [String(file.file_id), file]));
  const conversations = (await get<{ conversations: Json[] }>('/api/convos?pageSize=100')).conversations;
  const snapshot: Array<Json & { messages: Json[] }> = [];
  for (const { conversationId, user: _user, _id, ...conversation } of conversations) {
    const messages = await get<Json[]>(`/api/messages/${String(conversationId)}`);
    const textById = new Map(messages.map((message) => [String(message.messageId), String(message.text)]));
    snapshot.push({
      ...conversation,
      // Stored, not on the wire (presenters/): the tools must travel too.
      tools: (await app.store.conversations.find(account.userId, String(conversationId)))?.tools ?? null,
      messages: await Promise.all(messages.map(async ({ messageId: _messageId, conversationId: _conversationId, user: _owner, _id: _mongoId, parentMessageId, files: references, ...message }) => ({
        ...message,
        parent: textById.get(String(parentMessageId)) ?? parentMessageId,
        files: Array.isArray(references)
          ? await Promise.all(references.map(async (reference: Json) => {
              const record = fileById.get(String(reference.file_id));
              const { file_id: _fileId, filepath: _filepath, ...shown } = reference;
              return { ...shown, pointsAtRecord: record?.filepath === reference.filepath, bytes: record ? await bytesOf(record) : null };
            }))
          : references,
      }))),
    });
  }
  const storedPresets = await app.store.presets.list(account.userId);
  const presets = (await get<Json[]>('/api/presets')).map(({ presetId, user: _user, _id, createdAt: _created, updatedAt: _updated, ...preset }) => ({
    ...preset,
    tools: storedPresets.find((stored) => stored.presetId === presetId)?.tools ?? null,
  }));
  const fileContents = await Promise.all(files.map(async (file) => ({ filename: file.filename, type: file.type, bytes: file.bytes, width: file.width, height: file.height, content: await bytesOf(file) })));
  return { conversations: snapshot, presets, files: fileContents.sort((first, second) => String(first.filename).localeCompare(String(second.filename))) };
}
