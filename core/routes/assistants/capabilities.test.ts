import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newAssistantId } from '../../assistants/assistant-id.js';
import { messageFrameSchema } from '../../protocol/stream-frames.js';
import { bearer, type SignedInUser } from '../../../testing/build-test-server.js';
import { startAssistantsServer, type AssistantsTestServer } from '../../../testing/assistants-test-server.js';
import { startFakeUpstreams, type FakeUpstreams, type RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { startCountingListener, type CountingListener } from '../../../testing/counting-listener.js';
import { multipartBody } from '../../../testing/multipart-body.js';
import { parseSseFrames, type SseFrame } from '../../../testing/sse-frames.js';
import { toolResultsIn } from '../../../testing/tool-results-in.js';

let upstreams: FakeUpstreams;
let server: AssistantsTestServer;
// Nothing may connect here: the code interpreter has no network.
let listener: CountingListener;

beforeAll(async () => {
  listener = await startCountingListener();
  upstreams = await startFakeUpstreams();
  server = await startAssistantsServer({
    yaml: 'endpoints:\n  assistants:\n    retrievalModels: [gpt-4o]\n',
    env: {
      ASSISTANTS_BASE_URL: `${upstreams.openai.url}/v1`, ASSISTANTS_MODELS: 'gpt-4o,gpt-3.5-turbo', TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false', LIMIT_MESSAGE_USER: 'false',
      CODE_INTERPRETER_TIMEOUT_MS: '8000',
    },
  });
});
afterAll(async () => {
  // Closing the server closes its sandbox (the Python processes).
  await server?.close();
  await upstreams?.close();
  await listener?.close();
});
beforeEach(() => upstreams.reset());

const runRequests = () => upstreams.openai.control.requests.filter((request) => request.path.endsWith('/chat/completions') && request.body.model !== 'gpt-4-vision-preview');
const offeredTools = (request: RecordedRequest) => (request.body.tools ?? []).map((tool: { function: { name: string } }) => tool.function.name);

async function createAssistant(body: Record<string, unknown>): Promise<string> {
  const response = await server.request('POST', '/api/assistants', { name: 'Analyst', model: 'gpt-4o', ...body });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function chat(payload: Record<string, unknown>): Promise<SseFrame[]> {
  const response = await server.app.inject({ method: 'POST', url: '/api/assistants/chat', headers: bearer(server.alice), payload });
  const frames = parseSseFrames(response.body);
  for (const frame of frames) expect(messageFrameSchema.safeParse(frame.data).success, JSON.stringify(frame.data).slice(0, 160)).toBe(true);
  return frames;
}

/** An upload as LibreChat's client sends it on the assistants endpoint: `assistant_id` alone for the Knowledge panel, with `message_file` for a chat attachment. */
async function upload(file: { content: Uint8Array<ArrayBuffer> | string; fileName: string; type: string }, fields: Array<[string, string]>, account: SignedInUser = server.alice, url = '/api/files') {
  const body = await multipartBody([['file', file], ['file_id', randomUUID()], ...fields, ['endpoint', 'assistants']]);
  return server.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(account) } });
}

/** The model calls `first` while no tool result is in the request, then answers with `answer`. */
function script(first: Array<{ id: string; name: string; input: Record<string, unknown> }>, answer: (results: string[]) => string) {
  upstreams.openai.control.configure({
    reply: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? '' : answer(toolResultsIn(request.body))),
    toolCalls: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? first : []),
  });
}

const partsOf = (frames: SseFrame[], type: string) => frames.filter((frame) => frame.data.type === type).map((frame) => frame.data);

// A 1×1 PNG and a CSV written by pure Python (no imaging library offline).
const analysis = `
import base64, csv
rows = list(csv.DictReader(open('sales.csv')))
total = sum(int(row['total']) for row in rows)
print('total', total)
with open('summary.csv', 'w') as out:
    out.write(f'metric,value\\ntotal,{total}\\n')
open('chart.png', 'wb').write(base64.b64decode('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='))
`;
/** Tried in the same program (a run of its own is slower to import urllib while another one loops). */
const networkAttempt = (port: number) => `
import urllib.request
try:
    urllib.request.urlopen('http://127.0.0.1:${port}/').read()
    print('reached')
except BaseException as error:
    print('refused', type(error).__name__)
`;

describe('code_interpreter in a run', () => {
  it("runs the model's program on the thread's files, streams LibreChat's code_interpreter part, shows the PNG and links the CSV", async () => {
    const assistantId = await createAssistant({ tools: [{ type: 'code_interpreter' }, 'image_vision'] });
    const attached = await upload({ content: 'month,total\njan,3\nfeb,4\n', fileName: 'sales.csv', type: 'text/csv' }, [['assistant_id', assistantId], ['message_file', 'true']]);
    expect(attached.statusCode).toBe(200);
    const code = analysis + networkAttempt(listener.port);
    script([{ id: 'call_code', name: 'code_interpreter', input: { code } }], () => 'The total is 7: [summary](sandbox:/mnt/data/summary.csv).');
    const frames = await chat({ text: 'Add up the sales', assistant_id: assistantId, files: [{ file_id: attached.json().file_id }] });

    // A vision model sees images itself: image_vision is not offered to gpt-4o.
    const [first, second] = runRequests();
    expect(offeredTools(first!)).toEqual(['code_interpreter']);
    const calls = partsOf(frames, 'tool_call');
    expect(calls[0]).toMatchObject({ index: 0, tool_call: { id: 'call_code', type: 'code_interpreter', code_interpreter: { input: code, outputs: [] }, progress: 0.01 } });
    const done = calls.at(-1)!.tool_call;
    expect(done).toMatchObject({ id: 'call_code', type: 'code_interpreter', progress: 1 });
    const [logs, image] = done.code_interpreter.outputs;
    expect(logs.type).toBe('logs');
    expect(logs.logs).toMatch(/^stdout:\ntotal 7\nrefused \w+\n/);
    // No network: nothing reached the listener.
    expect(listener.connections()).toBe(0);

    const files = (await server.request('GET', '/api/files')).json() as Array<{ file_id: string; filename: string; filepath: string; context: string; type: string }>;
    const csv = files.find((file) => file.filename === 'summary.csv')!;
    const png = files.find((file) => file.filename === 'chart.png')!;
    expect(csv).toMatchObject({ context: 'assistants_output', type: 'text/csv' });
    expect(png).toMatchObject({ context: 'assistants_output', type: 'image/png', width: 1, height: 1 });
    expect(image).toEqual({ type: 'image', image: { file_id: png.file_id } });
    expect(partsOf(frames, 'image_file')).toEqual([expect.objectContaining({ index: 1, image_file: expect.objectContaining({ file_id: png.file_id, filepath: png.filepath, context: 'assistants_output' }) })]);
    expect((await server.app.inject({ method: 'GET', url: csv.filepath, headers: bearer(server.alice) })).body).toBe('metric,value\ntotal,7\n');
    // The model read the same outputs, with the links to the saved files.
    expect(toolResultsIn(second!.body)[0]).toContain(`[summary.csv](${csv.filepath})`);

    // The sandbox link in the answer became the saved file's link (OpenAI's file_path annotation, as LibreChat rewrote it).
    const linked = `The total is 7: [summary](${csv.filepath}).`;
    expect(partsOf(frames, 'text').at(-1)).toMatchObject({ index: 2, text: { value: linked } });
    const final = frames.at(-1)!.data;
    expect(final.responseMessage.content).toEqual([
      { type: 'tool_call', tool_call: done },
      { type: 'image_file', image_file: expect.objectContaining({ file_id: png.file_id }) },
      { type: 'text', text: { value: linked, annotations: [] } },
    ]);
    const stored = (await server.request('GET', `/api/messages/${final.conversation.conversationId}`)).json();
    expect(stored.at(-1).content).toEqual(final.responseMessage.content);
  }, 120_000);

  it('reports an error and kills an endless loop at the time limit, each in its own call', async () => {
    const assistantId = await createAssistant({ tools: [{ type: 'code_interpreter' }] });
    script(
      [
        { id: 'call_error', name: 'code_interpreter', input: { code: "print('before')\nraise ValueError('bad value')" } },
        { id: 'call_loop', name: 'code_interpreter', input: { input: 'while True:\n    pass' } },
      ],
      () => 'Done.',
    );
    const started = Date.now();
    const frames = await chat({ text: 'Try these', assistant_id: assistantId });
    // Killed at the limit, not at the tool call's own timeout (the limit plus 30 s).
    expect(Date.now() - started).toBeLessThan(30_000);
    const final = frames.at(-1)!.data;
    expect(final.responseMessage.finish_reason).toBe('stop');
    const logsOf = (id: string) => final.responseMessage.content.find((part: { tool_call?: { id: string } }) => part.tool_call?.id === id).tool_call.code_interpreter.outputs[0].logs as string;
    expect(logsOf('call_error')).toContain('stdout:\nbefore');
    expect(logsOf('call_error')).toContain('ValueError: bad value');
    expect(logsOf('call_loop')).toMatch(/error:\n.*longer than 8 s/);
  }, 120_000);
});

describe('retrieval in a run', () => {
  it('searches the knowledge files (a PDF and a Markdown file) and cites the sources as LibreChat renders them', async () => {
    const assistantId = await createAssistant({ tools: [{ type: 'retrieval' }] });
    const pdf = new Uint8Array(await readFile(new URL('../../files/__fixtures__/harbour-report.pdf', import.meta.url)));
    const notes = '# Orchard notes\n\nThe secret ingredient of the harvest soup is smoked paprika, added at the end.\n';
    // Another user cannot attach to Alice's assistant: 404, and nothing of theirs is kept.
    const refused = await upload({ content: notes, fileName: 'orchard-notes.md', type: 'text/markdown' }, [['assistant_id', assistantId]], server.bob);
    expect(refused.statusCode).toBe(404);
    expect((await server.request('GET', '/api/files', undefined, server.bob)).json()).toEqual([]);
    for (const file of [{ content: pdf, fileName: 'harbour-report.pdf', type: 'application/pdf' }, { content: notes, fileName: 'orchard-notes.md', type: 'text/markdown' }]) {
      const response = await upload(file, [['assistant_id', assistantId]]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ filename: file.fileName, embedded: true, context: 'assistants' });
    }
    const malformed = await upload({ content: notes, fileName: 'x.md', type: 'text/markdown' }, [['assistant_id', 'not an id']]);
    expect([malformed.statusCode, malformed.json().message]).toEqual([400, 'assistant_id is not an assistant id']);
    const assistant = (await server.request('GET', `/api/assistants/${assistantId}`)).json();
    expect(assistant.file_ids).toHaveLength(2);

    const markOf = (results: string[], fileName: string) => results.join('\n').match(new RegExp(`\\^(\\d+)\\^ \\(${fileName.replace('.', '\\.')}\\)`))?.[1];
    script(
      [
        { id: 'call_ships', name: 'retrieval', input: { query: 'How many ships did the lighthouse keeper count?' } },
        { id: 'call_soup', name: 'retrieval', input: { query: 'secret ingredient of the harvest soup' } },
      ],
      (results) => `The keeper counted 42 ships ^${markOf(results, 'harbour-report.pdf')}^. The soup gets smoked paprika ^${markOf(results, 'orchard-notes.md')}^.`,
    );
    const frames = await chat({ text: 'Two questions', assistant_id: assistantId });
    const [first, second] = runRequests();
    expect(offeredTools(first!)).toEqual(['retrieval']);
    const results = toolResultsIn(second!.body);
    expect(results.join('\n')).toContain('42 ships');
    expect(results.join('\n')).toContain('smoked paprika');
    const ships = Number(markOf(results, 'harbour-report.pdf'));
    const soup = Number(markOf(results, 'orchard-notes.md'));

    const calls = partsOf(frames, 'tool_call');
    expect(calls.map((call) => [call.tool_call.id, call.tool_call.type, call.tool_call.progress])).toEqual(
      expect.arrayContaining([['call_ships', 'retrieval', 0.01], ['call_soup', 'retrieval', 0.01], ['call_ships', 'retrieval', 1], ['call_soup', 'retrieval', 1]]),
    );
    const sources = [[ships, 'harbour-report.pdf'], [soup, 'orchard-notes.md']].sort(([a], [b]) => Number(a) - Number(b)).map(([mark, name]) => `^${mark}.^ ${name}`);
    const cited = `The keeper counted 42 ships ^${ships}^. The soup gets smoked paprika ^${soup}^.\n\n${sources.join('\n')}`;
    // The edited text is sent once more, as an object (wave2 notes §2.9).
    expect(partsOf(frames, 'text').at(-1)).toMatchObject({ index: 2, text: { value: cited } });
    const reply = frames.at(-1)!.data.responseMessage;
    expect(reply.text).toBe(cited);
    const fileIdOf = (name: string) => assistant.file_ids[name === 'harbour-report.pdf' ? 0 : 1];
    expect(reply.content.at(-1).text.annotations).toEqual([
      { type: 'file_citation', text: `^${ships}^`, start_index: cited.indexOf(`^${ships}^`), end_index: cited.indexOf(`^${ships}^`) + `^${ships}^`.length, file_citation: { file_id: fileIdOf('harbour-report.pdf'), quote: expect.stringContaining('42 ships') } },
      { type: 'file_citation', text: `^${soup}^`, start_index: cited.indexOf(`^${soup}^`), end_index: cited.indexOf(`^${soup}^`) + `^${soup}^`.length, file_citation: { file_id: fileIdOf('orchard-notes.md'), quote: expect.stringContaining('smoked paprika') } },
    ]);

    // Deleted from the Knowledge panel (with assistant_id): the file leaves the assistant too.
    const removed = await server.app.inject({ method: 'DELETE', url: '/api/files', headers: bearer(server.alice), payload: { files: [{ file_id: fileIdOf('orchard-notes.md') }], assistant_id: assistantId } });
    expect(removed.statusCode).toBe(200);
    expect((await server.request('GET', `/api/assistants/${assistantId}`)).json().file_ids).toEqual([fileIdOf('harbour-report.pdf')]);
  }, 60_000);
});

describe('image_vision in a run', () => {
  it("describes the thread's image through the vision model for a model that cannot see; retrieval is off outside retrievalModels", async () => {
    const assistantId = await createAssistant({ model: 'gpt-3.5-turbo', tools: ['image_vision', { type: 'retrieval' }] });
    const png = new Uint8Array(await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 0, g: 0, b: 255 } } }).png().toBuffer());
    const image = (await upload({ content: png, fileName: 'square.png', type: 'image/png' }, [['width', '32'], ['height', '24'], ['assistant_id', assistantId], ['message_file', 'true']], server.alice, '/api/files/images')).json();
    upstreams.openai.control.configure({
      reply: (request: RecordedRequest) => (request.body.model === 'gpt-4-vision-preview' ? 'A blue rectangle.' : toolResultsIn(request.body).length === 0 ? '' : `I see: ${toolResultsIn(request.body)[0]}`),
      toolCalls: (request: RecordedRequest) => (request.body.model !== 'gpt-4-vision-preview' && toolResultsIn(request.body).length === 0 ? [{ id: 'call_vision', name: 'image_vision', input: {} }] : []),
    });
    const frames = await chat({ text: 'What did I send?', assistant_id: assistantId, model: 'gpt-3.5-turbo', files: [{ file_id: image.file_id }] });
    const [first, second] = runRequests();
    expect(offeredTools(first!)).toEqual(['image_vision']);
    // The run's model gets no image; the vision model gets it, with the request to describe it.
    expect(JSON.stringify(first!.body.messages)).not.toContain('image_url');
    expect(first!.body.messages[0]).toEqual({ role: 'system', content: 'The user attached 1 image to the message, which you cannot see: call the image_vision tool to get their descriptions.' });
    const vision = upstreams.openai.control.requests.find((request) => request.body?.model === 'gpt-4-vision-preview')!;
    expect(vision.body.messages[0].content).toEqual([{ type: 'text', text: expect.stringContaining('Describe') }, { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/png;base64,/), detail: 'auto' } }]);
    expect(toolResultsIn(second!.body)).toEqual(['A blue rectangle.']);
    expect(partsOf(frames, 'tool_call').at(-1)).toMatchObject({ tool_call: { id: 'call_vision', type: 'function', function: { name: 'image_vision', output: 'A blue rectangle.' }, progress: 1 } });
    expect(frames.at(-1)!.data.responseMessage.text).toBe('I see: A blue rectangle.');
  });
});

describe('a capability the yaml turned off', () => {
  it('is left out of the run of an assistant saved with it before', async () => {
    const limited = await startAssistantsServer({
      yaml: 'endpoints:\n  assistants:\n    capabilities: [tools]\n    retrievalModels: [gpt-4o]\n',
      env: { ASSISTANTS_BASE_URL: `${upstreams.openai.url}/v1`, TITLE_CONVO: 'false' },
    });
    try {
      // Saved while the capabilities were on (the builder refuses them now).
      const assistant = await limited.app.store.assistants.create({
        id: newAssistantId(), user: limited.alice.userId, name: null, description: null, instructions: null, model: 'gpt-4o',
        tools: [{ type: 'code_interpreter' }, { type: 'retrieval' }], file_ids: [], metadata: {},
      });
      upstreams.openai.control.configure({ reply: 'No tools today.' });
      const response = await limited.app.inject({ method: 'POST', url: '/api/assistants/chat', headers: bearer(limited.alice), payload: { text: 'Hi', assistant_id: assistant.id } });
      expect(parseSseFrames(response.body).at(-1)!.data.responseMessage.text).toBe('No tools today.');
      expect(runRequests()[0]!.body.tools).toBeUndefined();
    } finally {
      await limited.close();
    }
  });
});
