import { describe, expect, it } from 'vitest';
import { loadOnce, PackageLoadError } from './load-once.js';

describe('loadOnce', () => {
  it('loads on the first call only and shares that load with later calls', async () => {
    let loads = 0;
    const load = loadOnce('some-package', async () => ({ loaded: ++loads }));
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([load(), load()]);
    expect(await load()).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it('names the package when it cannot be loaded, and tries again on the next call', async () => {
    let attempts = 0;
    const load = loadOnce('missing-package', async () => {
      attempts += 1;
      if (attempts === 1) await import('chatbox-no-such-package-' + String(attempts));
      return 'loaded';
    });
    const failure = await load().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PackageLoadError);
    expect(failure).toMatchObject({ packageName: 'missing-package', message: expect.stringMatching(/^chatbox could not load the package missing-package: Cannot find package 'chatbox-no-such-package-1'/) });
    expect(await load()).toBe('loaded');
  });
});
