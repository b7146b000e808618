import { z } from 'zod';
import type { PluginDefinition, Tool, ToolContext } from '../core/plugin-api/index.js';

/** What the test tools saw: each call's input and context, in the order they started. */
export interface ToolCallLog {
  calls: Array<{ name: string; input: unknown; context: ToolContext }>;
}

const noSettings = z.object({});

type TestTool = Omit<Tool, 'manifest'>;

/** A test tool as a plugin: listed in the store under its own name, with no credentials. */
const toolPlugin = (tool: TestTool): PluginDefinition<'tool'> => ({
  name: tool.name,
  kind: 'tool',
  configSchema: noSettings,
  setup: () => ({ ...tool, manifest: { displayName: tool.name, summary: tool.description, icon: '', credentials: [] } }),
});

/**
 * Test fixture: tool plugins whose behaviour a test needs to see from outside — `rendezvous`
 * answers only once two calls run at the same time (parallel calls), `explode` throws,
 * `wait_for_stop` runs until its signal fires and records that, `big_output` answers more than a
 * result's budget. Every call is logged with its context.
 */
export function testToolPlugins(): { plugins: Array<PluginDefinition<'tool'>>; log: ToolCallLog; started: (name: string) => Promise<ToolContext> } {
  const log: ToolCallLog = { calls: [] };
  const waiters: Array<{ name: string; resolve: (context: ToolContext) => void }> = [];
  const record = (name: string, input: unknown, context: ToolContext) => {
    log.calls.push({ name, input, context });
    for (const waiter of waiters.filter((candidate) => candidate.name === name)) waiter.resolve(context);
  };
  let arrived = 0;
  let release!: () => void;
  const together = new Promise<void>((resolve) => (release = resolve));
  const objectSchema = { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] };

  const tools: TestTool[] = [
    {
      name: 'rendezvous',
      description: 'Answers once two calls of it are running at the same time',
      inputSchema: objectSchema,
      async execute(input, context) {
        record('rendezvous', input, context);
        arrived += 1;
        if (arrived === 2) release();
        await together;
        return [{ type: 'text', text: `met ${JSON.stringify(input)}` }];
      },
    },
    {
      name: 'explode',
      description: 'Always fails',
      inputSchema: { type: 'object', properties: {} },
      async execute(input, context) {
        record('explode', input, context);
        throw new Error('the fuse was lit');
      },
    },
    {
      name: 'wait_for_stop',
      description: 'Runs until the turn is stopped',
      inputSchema: { type: 'object', properties: {} },
      execute(input, context) {
        record('wait_for_stop', input, context);
        return new Promise((_, reject) => context.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true }));
      },
    },
    {
      name: 'big_output',
      description: 'Answers a long text',
      inputSchema: { type: 'object', properties: {} },
      async execute(input, context) {
        record('big_output', input, context);
        return [{ type: 'text', text: 'x'.repeat(50_000) }];
      },
    },
  ];
  return {
    plugins: tools.map(toolPlugin),
    log,
    started: (name) => new Promise((resolve) => waiters.push({ name, resolve })),
  };
}
