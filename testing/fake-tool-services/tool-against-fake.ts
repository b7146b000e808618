import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Tool } from '../../core/plugin-api/index.js';
import type { FakeToolService } from './fake-tool-service.js';

/** A tool and the fake it is set up against, for the tests of one describe block. */
export interface ToolAgainstFake {
  readonly fake: FakeToolService;
  readonly tool: Tool;
}

/**
 * Starts the fake before the block's tests and sets the tool up against it, closes the fake after
 * them, and resets its record (requests, scripted failures) before each test, so a test sees only
 * its own requests. Read `fake` and `tool` inside tests and hooks, once the block has started.
 */
export function toolAgainstFake(start: () => Promise<FakeToolService>, setup: (fake: FakeToolService) => Promise<Tool>): ToolAgainstFake {
  let fake: FakeToolService | undefined;
  let tool: Tool | undefined;
  beforeAll(async () => {
    fake = await start();
    tool = await setup(fake);
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake?.control.reset());
  const started = <Value>(value: Value | undefined): Value => {
    if (value === undefined) throw new Error('the fake tool service is read before its describe block started it');
    return value;
  };
  return {
    get fake() {
      return started(fake);
    },
    get tool() {
      return started(tool);
    },
  };
}
