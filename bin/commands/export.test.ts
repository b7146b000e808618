import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.js';
import { buildServer } from '../../core/server/build-server.js';
import { registerUser, type SignedInUser } from '../../testing/build-test-server.js';
import { seedExportableData, userSnapshot } from '../../testing/export-all-seed.js';
import { fileStoragePlugins } from '../../testing/file-storage-plugins.js';
import { useCliCommandHarness } from '../../testing/cli-command-harness.js';
import { exportCommand } from './export.js';
import { importCommand } from './import.js';

const cli = useCliCommandHarness('chatbox-export-cli-');

/** A server on its own data dir (SQLite and local files there), as `chatbox serve --data-dir` runs one. */
async function serverOn(dataDir: string): Promise<FastifyInstance> {
  const config = await loadConfig({ dataDir, env: {} });
  return buildServer(config, { plugins: fileStoragePlugins, connectMcpServers: false, uiDistDir: join(dataDir, 'no-ui') });
}

async function signIn(app: FastifyInstance, email: string, password: string): Promise<SignedInUser> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(response.statusCode).toBe(200);
  return { token: response.json().token, userId: response.json().user.id, cookie: '' };
}

describe('chatbox export, then chatbox import into another data dir', () => {
  it('moves every conversation, preset and file of one user, and only theirs', async () => {
    const first = join(cli.folder, 'first');
    const second = join(cli.folder, 'second');
    const archive = join(cli.folder, 'ada.tar.gz');

    let app = await serverOn(first);
    const ada = await registerUser(app);
    const bob = await registerUser(app);
    await seedExportableData(app, ada, 'ada');
    await seedExportableData(app, bob, 'bob');
    const before = await userSnapshot(app, ada);
    await app.close();

    await exportCommand().parseAsync(['--email', ada.email, '--out', archive, '--data-dir', first], { from: 'user' });
    expect(process.exitCode ?? 0).toBe(0);
    expect(cli.output).toEqual([expect.stringMatching(new RegExp(`^Exported 2 conversation\\(s\\) and 2 file\\(s\\) of ${ada.email} to ${archive} \\(.+ MB\\)\\.$`))]);
    expect(cli.errors).toContainEqual(expect.stringMatching(/^ {2}.+ MB written: \d+ files, \d+ conversations$/));

    app = await serverOn(second);
    const carol = await registerUser(app);
    await app.close();
    cli.output.length = 0;
    await importCommand().parseAsync([archive, '--email', carol.email, '--data-dir', second], { from: 'user' });
    expect(process.exitCode ?? 0).toBe(0);
    expect(cli.output).toEqual([
      `Imported 2 conversation(s) for ${carol.email} from a chatbox export; 0 already imported, 0 failed.`,
      'Restored 1 preset(s) and 2 file(s); 0 file(s) already there, 0 failed.',
    ]);

    app = await serverOn(second);
    try {
      const after = await userSnapshot(app, await signIn(app, carol.email, carol.password));
      expect(after).toEqual(before);
      expect(after.conversations.map((conversation) => conversation.title).sort()).toEqual(['Harbour cranes', 'Second chat']);
      expect(after.files.map((file) => file.filename)).toEqual(['minutes.txt', 'pixel.png']);
      // The restored document was indexed by the command, as an upload is: it answers as context at once.
      const minutes = (await app.store.files.list(carol.userId)).find((file) => file.filename === 'minutes.txt');
      expect(minutes).toMatchObject({ filename: 'minutes.txt', embedded: true });
      const passages = await app.chat.documents.search({ userId: carol.userId, fileIds: [minutes!.file_id], question: 'crane fixed', limit: 3 });
      expect(passages.map((passage) => passage.text).join(' ')).toContain('the crane is fixed');
    } finally {
      await app.close();
    }
  });

  it('refuses to overwrite an existing file', async () => {
    const dataDir = join(cli.folder, 'data');
    const app = await serverOn(dataDir);
    const ada = await registerUser(app);
    await app.close();
    const out = join(cli.folder, 'taken.tar.gz');
    writeFileSync(out, 'mine');
    await exportCommand().parseAsync(['--email', ada.email, '--out', out, '--data-dir', dataDir], { from: 'user' });
    expect(process.exitCode).toBe(1);
    expect(cli.errors.join('\n')).toContain(`${out} exists already; pick another --out`);
    expect(readFileSync(out, 'utf8')).toBe('mine');
  });
});
