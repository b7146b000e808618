import { describe, expect, it } from 'vitest';
import { coreFloors, importViolation } from './import-rules.js';

describe('importViolation', () => {
  it.each([
    ['core importing plugins', 'core/server/build-server.ts', 'plugins/index.ts', /core never imports plugins/],
    ['core importing ui', 'core/routes/config/routes.ts', 'ui/src/lib/api-client.ts', /core never imports plugins, ui/],
    ['a core test importing plugins directly', 'core/chat/balance.test.ts', 'plugins/providers/index.ts', /core never imports plugins/],
    ['production code importing the test harness', 'core/chat/run-turn.ts', 'testing/test-store.ts', /only tests and the test harness import testing/],
    ['a plugin importing core beyond plugin-api', 'plugins/providers/openai/plugin.ts', 'core/errors/index.js', /plugins import nothing of core but core\/plugin-api/],
    ['a plugin importing config', 'plugins/shared/guard-stream.ts', 'config/env.js', /plugins import only core\/plugin-api/],
    ['the UI importing core beyond protocol', 'ui/src/lib/api-client.ts', 'core/errors/codes.js', /the UI imports nothing of core but core\/protocol/],
    ['the UI importing config', 'ui/src/lib/api-client.ts', 'config/env.js', /the UI imports nothing of the server/],
    ['one UI feature importing another', 'ui/src/features/chat/components/chat-view.tsx', 'ui/src/features/presets/api/get-presets.js', /ui feature chat imports feature presets/],
    ['config importing core', 'config/secrets.ts', 'core/errors/index.js', /config sits below core/],
    ['config importing plugins', 'config/load-config.ts', 'plugins/index.js', /config sits below core/],
    ['a lower core floor importing a higher one', 'core/chat/run-turn.ts', 'core/routes/messages/message-dto.js', /core\/chat is below core\/routes/],
    ['the store importing search', 'core/store/sqlite/sqlite-store.ts', 'core/search/types.js', /core\/store is below core\/search/],
    ['siblings on one floor importing each other', 'core/search/search-plugin.ts', 'core/endpoints/configured-endpoint.js', /siblings on one floor/],
    ['a core folder on no floor', 'core/widgets/widget.ts', 'core/store/types.js', /core\/widgets is on no floor/],
  ])('refuses %s', (_case, from, to, reason) => {
    expect(importViolation(from, to)).toMatch(reason);
  });

  it.each([
    ['a higher core floor importing a lower one', 'core/chat/run-turn.ts', 'core/presenters/message-dto.js'],
    ['the composition root importing the route list', 'core/server/build-server.ts', 'core/routes/index.js'],
    ['a file importing its own folder', 'core/chat/run-turn.ts', 'core/chat/turn-plan.js'],
    ['core importing config', 'core/store/create-store.ts', 'config/config-error.js'],
    ['a core test building a whole server', 'core/routes/auth/routes.test.ts', 'core/server/build-server.js'],
    ['a core test using the harness', 'core/chat/balance.test.ts', 'testing/test-store.js'],
    ['the harness importing plugins', 'testing/build-chat-test-server.ts', 'plugins/index.js'],
    ['a plugin importing plugin-api', 'plugins/providers/openai/plugin.ts', 'core/plugin-api/index.js'],
    ['a plugin importing a shared plugin helper', 'plugins/providers/openai/plugin.ts', 'plugins/shared/guard-stream.js'],
    ['a plugin test using the fake upstreams', 'plugins/providers/openai/openai-provider.test.ts', 'testing/fake-upstreams/index.js'],
    ['the UI importing protocol', 'ui/src/lib/api-client.ts', 'core/protocol/index.ts'],
    ['a UI feature importing shared UI code', 'ui/src/features/chat/components/chat-view.tsx', 'ui/src/lib/api-client.js'],
    ['config importing protocol', 'config/schema/model-specs.ts', 'core/protocol/preset.js'],
    ['a config test building a server', 'config/fixtures.test.ts', 'testing/build-test-server.js'],
    ['the CLI importing anything', 'bin/commands/serve.ts', 'core/server/build-server.js'],
  ])('allows %s', (_case, from, to) => {
    expect(importViolation(from, to)).toBeUndefined();
  });

  it('puts every core folder on exactly one floor', () => {
    const folders = coreFloors.flat();
    expect(new Set(folders).size).toBe(folders.length);
  });
});
