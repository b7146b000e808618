import { z } from 'zod';
import type { PluginDefinition, Tool } from '../core/plugin-api/index.js';
import { toolPlugins } from '../plugins/tools/index.js';
import type { MongoStore } from '../core/store/mongo/index.js';
import type { SqliteStore } from '../core/store/sqlite/index.js';
import type { Store } from '../core/store/types.js';

const noSettings = z.object({});

const plugin = (tool: Tool): PluginDefinition<'tool'> => ({ name: tool.name, kind: 'tool', configSchema: noSettings, setup: () => tool });

/**
 * Test fixture: tools with credential fields, for the plugin store and the agent loop. `echo_secret`
 * answers the credentials it was given (so a test reads them in what the fake upstream received);
 * `operator_tool` has one field an operator may set in the environment.
 */
export function credentialToolPlugins(): Array<PluginDefinition<'tool'>> {
  const echoSecret: Tool = {
    name: 'echo_secret',
    description: 'Answers the credentials it was given',
    inputSchema: { type: 'object', properties: {} },
    manifest: {
      displayName: 'Echo Secret',
      summary: 'Says which credentials it received.',
      icon: '/assets/tools/echo_secret.svg',
      credentials: [
        { authField: 'ECHO_SECRET_KEY||ECHO_KEY', label: 'Echo Key', description: 'The key of the echo service.' },
        { authField: 'ECHO_ACCOUNT', label: 'Echo Account', description: 'Your account at the echo service.' },
      ],
    },
    async execute(_input, { credentials }) {
      return [{ type: 'text', text: `key=${credentials.ECHO_SECRET_KEY ?? '(none)'} account=${credentials.ECHO_ACCOUNT ?? '(none)'}` }];
    },
  };
  const operatorTool: Tool = {
    name: 'operator_tool',
    description: 'Answers the key it was given',
    inputSchema: { type: 'object', properties: {} },
    manifest: {
      displayName: 'Operator Tool',
      summary: 'Uses a key the operator may set.',
      icon: '/assets/tools/operator_tool.svg',
      credentials: [{ authField: 'OPERATOR_TOOL_KEY', label: 'Operator Key', description: 'A key.' }],
    },
    async execute(_input, { credentials }) {
      return [{ type: 'text', text: `operator=${credentials.OPERATOR_TOOL_KEY}` }];
    },
  };
  return [plugin(echoSecret), plugin(operatorTool)];
}

/** The built-in tool plugins (plugins/tools), for core's tests of the store, which may not import plugins themselves. */
export const builtInToolPlugins: ReadonlyArray<PluginDefinition<'tool'>> = toolPlugins;

const isSqliteStore = (store: Store): store is SqliteStore => store.driver === 'sqlite' && 'database' in store;
const isMongoStore = (store: Store): store is MongoStore => store.driver === 'mongodb' && 'collections' in store;

/** The stored credential rows as the database holds them (what a stolen database file shows). */
export async function rawPluginAuthRows(store: Store): Promise<Array<{ pluginKey: string; authField: string; value: string }>> {
  if (isSqliteStore(store)) {
    return store.database
      .prepare<[], { plugin_key: string; auth_field: string; value: string }>('SELECT plugin_key, auth_field, value FROM plugin_auths ORDER BY rowid')
      .all()
      .map((row) => ({ pluginKey: row.plugin_key, authField: row.auth_field, value: row.value }));
  }
  if (isMongoStore(store)) {
    const documents = await store.collections.pluginAuths.find({}).sort({ _id: 1 }).toArray();
    return documents.map((document) => ({ pluginKey: String(document.pluginKey), authField: String(document.authField), value: String(document.value) }));
  }
  throw new Error(`no raw reader for the ${store.driver} store`);
}
