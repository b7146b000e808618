import { describe, expect, it } from 'vitest';
import type { ChatPart, PluginLogger } from '../../../core/plugin-api/index.js';
import { assistantsProviderPlugin } from './plugin.js';

describe('the assistants provider without a connection of its own', () => {
  it('offers no model and fails a call as a model it does not have, without calling anywhere', async () => {
    const said: string[] = [];
    const log: PluginLogger = { debug() {}, info: (message) => said.push(message), warn() {}, error() {} };
    const parsed = assistantsProviderPlugin.configSchema.safeParse({ name: 'assistants', lentModelsOnly: true });
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    const provider = await assistantsProviderPlugin.setup({ settings: parsed.data, log });
    // The operator is told why the endpoint is on without a key.
    expect(said).toEqual([expect.stringMatching(/no key of its own .*on with the models of the endpoints modelsFrom names only/)]);
    expect(provider.id).toBe('assistants');
    expect(await provider.listModels()).toEqual([]);
    const parts: ChatPart[] = [];
    for await (const part of provider.stream({ model: 'claude-3-5-sonnet', messages: [{ role: 'user', content: 'Hi' }], parameters: {} }, { signal: new AbortController().signal })) parts.push(part);
    expect(parts).toEqual([{ type: 'error', error: { kind: 'not_found', message: expect.stringContaining('"claude-3-5-sonnet" is offered by none of the endpoints modelsFrom names'), isRetryable: false } }]);
  });
});
