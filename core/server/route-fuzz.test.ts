import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChatTestServer, type ChatTestContext } from '../../testing/build-chat-test-server.js';
import { listRoutes, type RouteEntry } from '../../testing/route-table.js';

// Issue 15's attack suite, fuzz family: malformed bodies and queries to every registered route, signed
// in and not. Bad input is a 4xx with a message, never a 5xx. The routes come from the server itself.
let chat: ChatTestContext;
beforeAll(async () => {
  // Limits and bans off: they would answer most of the run with 403/429 before any handler reads the input.
  const unlimited = { BAN_VIOLATIONS: 'false', LIMIT_MESSAGE_IP: 'false', LIMIT_CONCURRENT_MESSAGES: 'false', LOGIN_MAX: '1000000', REGISTER_MAX: '1000000', RESET_PASSWORD_MAX: '1000000' };
  // The assistants endpoint on (fixed models: nothing is fetched), so its routes reach their validation.
  chat = await buildChatTestServer({ env: { ...unlimited, ASSISTANTS_API_KEY: 'sk-fake-assistants', ASSISTANTS_MODELS: 'gpt-4o-mini' } });
});
afterAll(async () => {
  await chat?.close();
});

const someId = '6f1d1f4e-3b9a-4c51-9d7e-4f0a3f8e9b21';
const paramValues: Record<string, string> = { endpoint: 'openAI', name: 'openAI' };
const pathOf = (route: RouteEntry, override?: string) =>
  route.url.replace(/:(\w+)/g, (_whole, name: string) => encodeURIComponent(override ?? paramValues[name] ?? someId));

const nested = (depth: number, open: string, close: string, leaf = '1') => open.repeat(depth) + leaf + close.repeat(depth);
const huge = 'x'.repeat(1_500_000);
// Field names the routes read; each gets every wrong type below.
const fields = ['text', 'conversationId', 'parentMessageId', 'messageId', 'model', 'endpoint', 'endpointType', 'email', 'password', 'confirm_password', 'name', 'username', 'title', 'presetId', 'value', 'expiresAt', 'arg', 'abortKey', 'token', 'userId', 'isDefault', 'promptPrefix', 'temperature', 'pageNumber', 'q', 'preset', 'overrideParentMessageId', 'generation', 'isContinued', 'tools', 'file_ids', 'metadata', 'instructions', 'description'];
const wrongValues: unknown[] = [null, 0, -1, 1e308, true, [], [null], {}, { $gt: '' }, 'x'.repeat(70_000), '\u0000\ud800', '../../etc/passwd'];

interface Payload {
  label: string;
  body?: string;
  contentType?: string;
}

const json = (label: string, value: unknown): Payload => ({ label, body: JSON.stringify(value), contentType: 'application/json' });
const payloads: Payload[] = [
  { label: 'no body' },
  { label: 'empty json body', body: '', contentType: 'application/json' },
  { label: 'invalid json', body: '{"text": "unterminated', contentType: 'application/json' },
  { label: 'json with a BOM and trailing garbage', body: '\ufeff{"a":1}}}', contentType: 'application/json' },
  { label: 'text/plain', body: 'hello', contentType: 'text/plain' },
  { label: 'form', body: 'text=hi&conversationId=x', contentType: 'application/x-www-form-urlencoded' },
  { label: 'multipart garbage', body: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--b--', contentType: 'multipart/form-data; boundary=b' },
  { label: 'octet-stream', body: '\u0000\u0001\u0002', contentType: 'application/octet-stream' },
  { label: 'bogus content type', body: '{}', contentType: 'application/json; charset=klingon' },
  json('null', null),
  json('array', [{ text: 'hi' }]),
  json('number', 42),
  json('string', 'hello'),
  json('boolean', true),
  json('empty object', {}),
  { label: 'deeply nested arrays', body: nested(5_000, '[', ']'), contentType: 'application/json' },
  { label: 'deeply nested objects', body: nested(5_000, '{"a":', '}'), contentType: 'application/json' },
  json('a huge string', { text: huge, title: huge, email: huge }),
  { label: 'a body over the size limit', body: JSON.stringify({ text: 'y'.repeat(3 * 1024 * 1024) }), contentType: 'application/json' },
  json('__proto__ pollution', JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"arg":{"__proto__":{"y":1}}}')),
  ...wrongValues.map((value, index) => json(`every field = wrong value #${index}`, Object.fromEntries(fields.map((field) => [field, value])))),
  ...wrongValues.map((value, index) => json(`arg envelope = wrong value #${index}`, { arg: Object.fromEntries(fields.map((field) => [field, value])) })),
];
const queries = ['', '?pageNumber=abc&pageSize=-5', '?pageNumber[]=1&q[$gt]=&cursor=%00', `?q=${'z'.repeat(5_000)}`, '?name=&all=maybe&order=sideways', '?pageNumber=1e309&tags=a&tags=b'];

describe('every route under malformed input', () => {
  it('answers no 5xx, whatever the body, query or content type', async () => {
    const routes = listRoutes(chat.app);
    // The route list is the server's own: if this shrinks, the reading of the tree broke.
    expect(routes.length).toBeGreaterThan(30);
    // Signing out last, so every other route is tried signed in.
    routes.sort((a, b) => Number(a.url.includes('logout')) - Number(b.url.includes('logout')));
    const failures: string[] = [];
    let sent = 0;
    const send = async (route: RouteEntry, url: string, payload: Payload, signedIn: boolean) => {
      const headers: Record<string, string> = signedIn ? { authorization: `Bearer ${chat.token}` } : {};
      if (payload.contentType) headers['content-type'] = payload.contentType;
      const response = await chat.app.inject({ method: route.method as 'GET', url, headers, payload: payload.body });
      sent += 1;
      if (response.statusCode >= 500) failures.push(`${route.method} ${url.slice(0, 120)} [${payload.label}${signedIn ? '' : ', signed out'}] → ${response.statusCode} ${response.body.slice(0, 200)}`);
      else if (response.statusCode >= 400) expect(response.json(), `${route.method} ${url} [${payload.label}]`).toHaveProperty('message');
    };
    for (const route of routes) {
      const bodies = route.method === 'GET' || route.method === 'DELETE' ? payloads.slice(0, 3) : payloads;
      for (const payload of bodies) await send(route, pathOf(route), payload, true);
      for (const query of queries) await send(route, pathOf(route) + query, { label: `query ${query.slice(0, 40)}` }, true);
      // Path parameters that are not ids at all.
      if (route.params.length > 0) {
        for (const param of ['%00', 'x'.repeat(3_000), '..%2F..%2Fetc', '{"$ne":null}', '-1']) await send(route, pathOf(route, param), payloads[9], true);
      }
      await send(route, pathOf(route), payloads[2], false);
    }
    expect(sent).toBeGreaterThan(1_000);
    expect(failures).toEqual([]);
  }, 60_000);
});
