import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContractReport } from './contract-report.js';
import { startContractServer, type ContractServer } from './contract-server.js';
import { pluginSchema } from './schemas/plugin.js';
import { userSchema } from './schemas/user.js';

/**
 * LibreChat v0.7.1's client contract for the plugin store (contract §2.8, §3): GET /api/plugins
 * checked field by field, and the install and uninstall bodies the store dialog sends, after each of
 * which the client refetches /api/user and filters the store by `plugins`.
 */
let contract: ContractServer;
const is2xx = (status: number) => status >= 200 && status < 300;

beforeAll(async () => {
  contract = await startContractServer();
});
afterAll(() => contract?.close());

describe('LibreChat client contract: the plugin store', () => {
  it('lists TPlugin objects, installs and uninstalls with the bodies the client sends, and reflects it in user.plugins', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    const listed = await client.get('/api/plugins');
    report.expect('GET /api/plugins', listed.status === 200 && Array.isArray(listed.json), 'status 200 with an array', listed.status);
    const plugins: unknown[] = Array.isArray(listed.json) ? listed.json : [];
    plugins.forEach((plugin, index) => report.check(`GET /api/plugins [${index}]`, pluginSchema, plugin));
    const calculator = plugins.map((plugin) => pluginSchema.safeParse(plugin).data).find((plugin) => plugin?.pluginKey === 'calculator');
    report.expect('GET /api/plugins', calculator !== undefined, 'lists the calculator');

    // A tool without authConfig is installed with `auth: null` (the dialog shows no form).
    const installed = await client.post('/api/user/plugins', { pluginKey: 'calculator', action: 'install', auth: null });
    report.expect('POST /api/user/plugins (install)', is2xx(installed.status), '2xx', installed.text);
    const user = report.check('GET /api/user', userSchema, (await client.get('/api/user')).json);
    report.expect('GET /api/user', user?.plugins?.includes('calculator') === true, 'plugins holds the installed key', user?.plugins);

    const uninstalled = await client.post('/api/user/plugins', { pluginKey: 'calculator', action: 'uninstall', auth: null });
    report.expect('POST /api/user/plugins (uninstall)', is2xx(uninstalled.status), '2xx', uninstalled.text);
    const after = report.check('GET /api/user', userSchema, (await client.get('/api/user')).json);
    report.expect('GET /api/user', after?.plugins?.includes('calculator') === false, 'plugins no longer holds it', after?.plugins);

    // The dialog shows an install error as response.data.message.
    const refused = await client.post('/api/user/plugins', { pluginKey: 'no_such_tool', action: 'install', auth: null });
    report.expect('POST /api/user/plugins (unknown tool)', refused.status >= 400 && refused.status < 500 && typeof refused.json?.message === 'string', 'a 4xx with a message', refused.text);
    expect(report.issues).toEqual([]);
  });
});
