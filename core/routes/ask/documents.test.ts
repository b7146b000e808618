import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import { registerUser } from '../../../testing/build-test-server.js';
import { clientUpload, multipartBody } from '../../../testing/multipart-body.js';
import type { FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { NO_PARENT } from '../../chat/message-tree.js';

let chat: ChatTestContext;
afterEach(async () => {
  await chat?.close();
});

const noTitles = { env: { TITLE_CONVO: 'false' } };
const chatRequests = (upstream: FakeUpstream) => upstream.control.requests.filter((request) => request.method === 'POST');
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../files/__fixtures__/${name}`, import.meta.url)));
const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface UploadedFile {
  file_id: string;
  filepath: string;
  filename: string;
  type: string;
  embedded: boolean;
}

/** Uploads a document through POST /api/files, as LibreChat's client does. */
async function uploadDocument(content: Uint8Array<ArrayBuffer>, fileName: string, type: string, token = chat.token): Promise<UploadedFile> {
  const { payload, headers } = await multipartBody(clientUpload({ content, fileName, type }, [['file_id', crypto.randomUUID()], ['endpoint', 'openAI']]));
  const response = await chat.app.inject({ method: 'POST', url: '/api/files', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const attached = (file: UploadedFile) => ({ file_id: file.file_id, filepath: file.filepath, type: file.type });
const turn = (text: string, extra: Record<string, unknown>) => ({ text, conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI', ...extra });
const systemOf = (upstream: FakeUpstream): string => {
  const messages: Array<{ role: string; content: string }> = chatRequests(upstream).at(-1)!.body.messages;
  return messages.find((message) => message.role === 'system')?.content ?? '';
};

/** A long document: 300 paragraphs, one of which answers the question. */
const longNotes = Array.from({ length: 300 }, (_, index) =>
  index === 211 ? 'The secret ingredient of the harbour soup is smoked paprika, added at the very end.' : `Paragraph ${index}: general remarks about weather, tides, rope knots and the colour of sails.`,
).join('\n\n');

describe('documents as context', () => {
  it('indexes an uploaded PDF (embedded) and sends its whole text, cited by file name, before the system prompt', async () => {
    chat = await buildChatTestServer(noTitles);
    chat.upstreams.openai.control.configure({ reply: 'Forty-two [harbour-report.pdf].' });
    const pdf = await uploadDocument(fixture('harbour-report.pdf'), 'harbour-report.pdf', 'application/pdf');
    expect(pdf).toMatchObject({ type: 'application/pdf', embedded: true });

    const { frames } = await chat.ask(turn('How many ships did the keeper count?', { promptPrefix: 'Be brief.', files: [attached(pdf)] }));
    const final = frames.at(-1)!.data;
    expect(final.final).toBe(true);
    // The message keeps the name its card shows, as LibreChat's message.files do.
    expect(final.requestMessage.files).toEqual([{ file_id: pdf.file_id, filename: 'harbour-report.pdf', filepath: pdf.filepath, type: 'application/pdf', embedded: true }]);
    const system = systemOf(chat.upstreams.openai);
    expect(system).toContain('<filename>harbour-report.pdf</filename>');
    expect(system).toContain('The lighthouse keeper counted 42 ships in April.');
    expect(system).toContain('Second page: the pelican colony nests on the north pier.');
    expect(system).toMatch(/cite its file name/);
    expect(system.endsWith('Be brief.')).toBe(true);
    expect(chatRequests(chat.upstreams.openai).at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: 'How many ships did the keeper count?' });
  });

  it("sends only the best passages of a document larger than the context budget, for the user's question", async () => {
    chat = await buildChatTestServer(noTitles);
    const notes = await uploadDocument(new TextEncoder().encode(longNotes), 'notes.md', 'text/markdown');
    expect(notes.embedded).toBe(true);
    await chat.ask(turn('What is the secret ingredient of the soup?', { maxContextTokens: 8_000, files: [attached(notes)] }));
    const system = systemOf(chat.upstreams.openai);
    expect(system).toContain('<filename>notes.md</filename>');
    const items = [...system.matchAll(/<contextItem>([\s\S]*?)<\/contextItem>/g)].map((match) => match[1]);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(4);
    expect(items[0]).toContain('smoked paprika');
    expect(system).not.toContain('Paragraph 5:');
  });

  it('reads a Word document, keeps it on the next turn (resendFiles), and not when resendFiles is off', async () => {
    chat = await buildChatTestServer(noTitles);
    const docx = await uploadDocument(fixture('orchard-minutes.docx'), 'orchard-minutes.docx', docxType);
    expect(docx.embedded).toBe(true);
    const first = (await chat.ask(turn('How many quince trees?', { files: [attached(docx)] }))).frames.at(-1)!.data;
    expect(systemOf(chat.upstreams.openai)).toContain('plant 17 quince trees');

    const next = { text: 'And the bees?', model: 'gpt-4o-mini', endpoint: 'openAI', conversationId: first.conversation.conversationId, parentMessageId: first.responseMessage.messageId };
    const second = (await chat.ask(next)).frames.at(-1)!.data;
    expect(systemOf(chat.upstreams.openai)).toContain('Beekeeping moves to Thursdays.');
    await chat.ask({ ...next, parentMessageId: second.responseMessage.messageId, resendFiles: false });
    expect(systemOf(chat.upstreams.openai)).toBe('');
  });

  it('uploads a document whose text cannot be read (embedded: false), and the turn goes on without it', async () => {
    chat = await buildChatTestServer(noTitles);
    const broken = await uploadDocument(new TextEncoder().encode('%PDF-1.4\nthis is no real PDF body'), 'scan.pdf', 'application/pdf');
    expect(broken).toMatchObject({ type: 'application/pdf', embedded: false });
    const { frames } = await chat.ask(turn('What does the scan say?', { files: [attached(broken)] }));
    expect(frames.at(-1)!.data.final).toBe(true);
    expect(systemOf(chat.upstreams.openai)).toBe('');
  });

  it("never shows a document to another user: their turn with its id is a 404, and DELETE removes the owner's passages", async () => {
    chat = await buildChatTestServer(noTitles);
    const pdf = await uploadDocument(fixture('harbour-report.pdf'), 'harbour-report.pdf', 'application/pdf');
    const stranger = await registerUser(chat.app);
    const { status, frames, body } = await chat.ask(turn('Tell me the secret', { files: [attached(pdf)] }), { token: stranger.token });
    expect({ status, frames: frames.length }).toEqual({ status: 404, frames: 0 });
    expect(JSON.parse(body)).toMatchObject({ message: expect.stringMatching(/File not found/) });
    expect(body).not.toContain('lighthouse');
    expect(chatRequests(chat.upstreams.openai)).toHaveLength(0);

    const deleted = await chat.app.inject({ method: 'DELETE', url: '/api/files', payload: { files: [{ file_id: pdf.file_id }] }, headers: { authorization: `Bearer ${chat.token}` } });
    expect(deleted.statusCode).toBe(200);
    expect(await chat.app.chat.documents.wholeText(chat.userId, pdf.file_id)).toBeNull();
  });
});
