type Fetch = typeof globalThis.fetch;

/**
 * SDK clients kept per connection, so a stream does not build one: an OpenAI or Anthropic client
 * allocates a resource object for every part of its API, a few tenths of a millisecond on the path
 * of each first token. The key is everything the client is built from besides the provider's fixed
 * settings (API key, base URL …) plus the fetch it calls; the least recently used client goes first
 * once `limit` are kept (users' own keys make one client each).
 */
export function createClientCache<Client>(limit = 50) {
  const clients = new Map<string, Client>();
  const fetchIds = new WeakMap<Fetch, number>();
  let fetchCount = 0;
  const fetchId = (fetch: Fetch | undefined): number => {
    if (!fetch) return 0;
    let id = fetchIds.get(fetch);
    if (id === undefined) fetchIds.set(fetch, (id = ++fetchCount));
    return id;
  };

  return function clientFor(connection: readonly unknown[], fetch: Fetch | undefined, create: () => Client): Client {
    const key = JSON.stringify([fetchId(fetch), ...connection]);
    let client = clients.get(key);
    if (client !== undefined) {
      // Map order is insertion order: re-inserting marks it as the most recently used.
      clients.delete(key);
    } else {
      client = create();
      if (clients.size >= limit) clients.delete(clients.keys().next().value!);
    }
    clients.set(key, client);
    return client;
  };
}
