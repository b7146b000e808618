import type OpenAI from 'openai';

/** Ids from `GET {baseURL}/models`; `query` carries extras such as LibreChat's userIdQuery `user`. */
export async function fetchModelIds(client: OpenAI, options: { signal?: AbortSignal; query?: Record<string, string> } = {}): Promise<string[]> {
  const page = await client.models.list({ signal: options.signal, ...(options.query ? { query: options.query } : {}) });
  return page.data.map((model) => model.id);
}
