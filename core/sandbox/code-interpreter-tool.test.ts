import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStoragePlugins } from '../../testing/file-storage-plugins.js';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../testing/build-test-server.js';
import type { ToolContext } from '../plugin-api/index.js';
import { runToolCall } from '../tools/run-tool-call.js';
import { createCodeInterpreterTool } from './code-interpreter-tool.js';
import { createPythonSandbox } from './python-sandbox.js';

const sandbox = createPythonSandbox({ limits: { wallClockMs: 10_000 } });
let app: FastifyInstance;
let alice: SignedInUser;
beforeAll(async () => {
  ({ app, alice } = await twoSignedInUsers({ plugins: fileStoragePlugins }));
});
afterAll(async () => {
  await sandbox.close();
  await app?.close();
});

// The context an assistants run gives: the server's real file saver for the user.
function context(withSaver = true): ToolContext {
  return {
    signal: new AbortController().signal,
    userId: alice.userId,
    conversationId: 'convo-1',
    credentials: {},
    fetch: globalThis.fetch,
    log: { debug() {}, info() {}, warn() {}, error() {} },
    ...(withSaver && { saveFile: (file) => app.chat.toolFiles({ userId: alice.userId, conversationId: 'convo-1' }, file) }),
  };
}

const limits = { timeoutMs: 60_000, maxOutputChars: 100_000 };
const call = (input: object) => ({ id: 'call-1', name: 'code_interpreter', input: JSON.stringify(input) });

// A 1×1 PNG, written by Python from its bytes (no imaging library offline).
const writePng = `
import base64
open('dot.png', 'wb').write(base64.b64decode('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='))
`;

describe('the code_interpreter tool', () => {
  it("runs {code} with the thread's files and keeps what it writes as the user's assistants_output files", async () => {
    const tool = createCodeInterpreterTool({ sandbox, files: async () => [{ name: 'sales.csv', bytes: new TextEncoder().encode('month,total\njan,3\nfeb,4\n') }] });
    const code = `import csv\nrows = list(csv.DictReader(open('sales.csv')))\ntotal = sum(int(row['total']) for row in rows)\nprint('total', total)\nopen('summary.txt', 'w').write(f'total={total}')\n${writePng}`;
    const result = await runToolCall(call({ code }), tool, context(), limits);
    expect(result.isError).toBe(false);
    const [text, image] = result.output;
    expect(image).toEqual({ type: 'image', url: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/) });
    const files = (await app.inject({ method: 'GET', url: '/api/files', headers: bearer(alice) })).json<Array<{ file_id: string; filename: string; filepath: string; context: string; type: string }>>();
    const summary = files.find((file) => file.filename === 'summary.txt')!;
    const dot = files.find((file) => file.filename === 'dot.png')!;
    expect(summary).toMatchObject({ context: 'assistants_output', type: 'text/plain' });
    expect(dot).toMatchObject({ context: 'assistants_output', type: 'image/png', width: 1, height: 1 });
    expect(text).toEqual({
      type: 'text',
      text: [
        'stdout:\ntotal 7\n',
        'result: 70',
        'files written (shown to the user):',
      ].join('\n\n') + `\n- /mnt/data/summary.txt (text/plain, 7 bytes): [summary.txt](${summary.filepath})\n- /mnt/data/dot.png (image/png, 70 bytes): ![dot.png](${dot.filepath})`,
    });
    const download = await app.inject({ method: 'GET', url: summary.filepath, headers: bearer(alice) });
    expect(download.body).toBe('total=7');
  }, 60_000);

  it("takes LibreChat's {input}, reports errors in the text, and says when no files can be kept", async () => {
    const tool = createCodeInterpreterTool({ sandbox });
    const result = await runToolCall(call({ input: "open('out.txt', 'w').write('x')\nraise ValueError('bad value')" }), tool, context(false), limits);
    expect(result.isError).toBe(false);
    expect(result.output).toEqual([{ type: 'text', text: expect.stringContaining('error:\nTraceback (most recent call last):') }]);
    const [{ text }] = result.output as Array<{ text: string }>;
    expect(text).toContain("ValueError: bad value");
    expect(text).toContain('- /mnt/data/out.txt (text/plain, 1 bytes): not kept: this server keeps no files for tools here');
  }, 60_000);

  it('refuses a call without code before running anything', async () => {
    const tool = createCodeInterpreterTool({ sandbox });
    const empty = await runToolCall(call({ code: '  ' }), tool, context(), limits);
    expect(empty).toMatchObject({ isError: true, output: [{ type: 'text', text: 'error processing tool code_interpreter: give the Python program to run as `code`' }] });
    const unknown = await runToolCall(call({ script: 'print(1)' }), tool, context(), limits);
    expect(unknown.isError).toBe(true);
  });
});
