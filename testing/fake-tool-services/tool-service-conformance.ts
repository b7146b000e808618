import { describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../../core/net/guarded-fetch.js';
import type { Tool } from '../../core/plugin-api/index.js';
import { NOT_JSON, type FakeToolService } from './fake-tool-service.js';
import { toolAgainstFake } from './tool-against-fake.js';
import { toolTestContext } from './tool-test-context.js';

/** A search tool and its fake, as the shared failure cases need them. */
export interface ToolUnderTest {
  start(): Promise<FakeToolService>;
  /** The tool, set up against the fake's base URL. */
  setup(fake: FakeToolService): Promise<Tool>;
  /** Credentials the fake accepts (a function of it where one is its URL: Azure AI Search's endpoint). */
  credentials(fake: FakeToolService): Record<string, string>;
  /** An input the tool accepts. */
  input: Record<string, unknown>;
  /** How the tool's errors name the service. */
  service: string;
  /** The service answers plain text, not JSON (Wolfram|Alpha's LLM API). */
  answersText?: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const until = async (condition: () => boolean) => {
  for (let attempt = 0; attempt < 200 && !condition(); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('timed out waiting');
};

/**
 * The cases every search tool meets the same way, against its fake: each missing credential named,
 * the service's 401, 429 and 5xx and a body that is not JSON turned into clear errors without the
 * key in them, Stop reaching the service's socket, and the SSRF guard in force.
 */
export function describeToolServiceFailures(subject: ToolUnderTest): void {
  describe(`${subject.service}: failures`, () => {
    const running = toolAgainstFake(subject.start, subject.setup);
    const context = (overrides: { credentials?: Record<string, string>; signal?: AbortSignal } = {}) => toolTestContext(running.fake, overrides.credentials ?? subject.credentials(running.fake), overrides.signal);
    const secrets = () => Object.values(subject.credentials(running.fake)).filter((value) => !value.startsWith('http'));

    it('names each missing credential, and all of them when none is set, without calling the service', async () => {
      const names = Object.keys(subject.credentials(running.fake));
      for (const name of names) {
        const credentials = { ...subject.credentials(running.fake), [name]: '' };
        await expect(running.tool.execute(subject.input, context({ credentials }))).rejects.toThrow(new RegExp(`is not set up: ${name} is missing\\. Install the tool with it, or ask the operator to set it in the environment\\.`));
      }
      await expect(running.tool.execute(subject.input, context({ credentials: {} }))).rejects.toThrow(`is not set up: ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} missing.`);
      expect(running.fake.control.requests).toHaveLength(0);
    });

    it.each([
      [401, /refused the credentials \(401\)/],
      [403, /refused the credentials \(403\)/],
      [429, /limiting requests \(429\), try again later/],
      [503, /failed on its side \(503\)/],
    ])('turns the service answering %i into a clear error', async (status, message) => {
      running.fake.control.failNext({ status, message: 'scripted failure' });
      const error: unknown = await running.tool.execute(subject.input, context()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      const text = error instanceof Error ? error.message : '';
      expect(text).toMatch(message);
      expect(text).toContain(subject.service);
      expect(text).toContain('scripted failure');
      for (const secret of secrets()) expect(text).not.toContain(secret);
    });

    // A text service (Wolfram|Alpha) has no JSON to get wrong.
    if (!subject.answersText) {
      it('says when the service answers something that is not JSON', async () => {
        running.fake.control.failNext({ status: 200, type: NOT_JSON });
        await expect(running.tool.execute(subject.input, context())).rejects.toThrow(`${subject.service} answered something that is not JSON: <html><body>502 Bad Gateway</body></html>`);
      });
    }

    it('stops the request when the turn is stopped', async () => {
      running.fake.control.configure({ firstByteDelayMs: 10_000 });
      const controller = new AbortController();
      const call = running.tool.execute(subject.input, context({ signal: controller.signal }));
      await until(() => running.fake.control.requests.length === 1);
      controller.abort();
      await expect(call).rejects.toThrow();
      expect(await running.fake.control.requests[0]!.outcome).toBe('client-closed');
    });

    it('goes through the SSRF guard: the loopback fake is refused unless allow-listed', async () => {
      const unguarded = { ...context(), fetch: createGuardedFetch([]) };
      await expect(running.tool.execute(subject.input, unguarded)).rejects.toThrow(new RegExp(`could not reach ${escapeRegExp(subject.service)}: .*(private|loopback|not allowed)`, 'i'));
      expect(running.fake.control.requests).toHaveLength(0);
    });
  });
}
