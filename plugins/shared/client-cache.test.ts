import { describe, expect, it } from 'vitest';
import { createClientCache } from './client-cache.js';

describe('createClientCache', () => {
  it('builds one client per connection and fetch, and reuses it', () => {
    const clientFor = createClientCache<{ id: number }>();
    let built = 0;
    const create = () => ({ id: ++built });
    const guardedFetch = (() => Promise.reject(new Error('unused'))) as typeof fetch;
    const first = clientFor(['sk-a', 'https://api.example.com'], undefined, create);
    expect(clientFor(['sk-a', 'https://api.example.com'], undefined, create)).toBe(first);
    expect(clientFor(['sk-b', 'https://api.example.com'], undefined, create)).not.toBe(first);
    expect(clientFor(['sk-a', 'https://api.example.com'], guardedFetch, create)).not.toBe(first);
    expect(clientFor(['sk-a', 'https://api.example.com'], guardedFetch, create).id).toBe(3);
    expect(built).toBe(3);
  });

  it('drops the least recently used client beyond its limit', () => {
    const clientFor = createClientCache<string>(2);
    const builds: string[] = [];
    const use = (key: string) => clientFor([key], undefined, () => (builds.push(key), key));
    use('a');
    use('b');
    use('a'); // a is now the most recently used, b the oldest
    use('c'); // drops b
    use('a');
    use('b'); // rebuilt; drops c
    use('c'); // rebuilt; drops a
    expect(builds).toEqual(['a', 'b', 'c', 'b', 'c']);
  });
});
