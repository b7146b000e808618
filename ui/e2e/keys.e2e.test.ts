import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { NO_PARENT, bearer, signUp } from './support/seed.js';

let e2e: ChatE2eContext;
let configDir: string;

// A custom endpoint whose key and base URL are both the user's; the fake OpenAI upstream is on
// loopback, which the SSRF guard refuses for user URLs unless allowed (with its port).
const yaml = `version: 1.0.6
ssrf:
  allowedHosts:
    - "\${FAKE_OPENAI_HOST}"
endpoints:
  custom:
    - name: "BYOK"
      apiKey: "user_provided"
      baseURL: "user_provided"
      models:
        default: ["fake-model-a"]
      modelDisplayLabel: "Bring your own"
`;

beforeAll(async () => {
  configDir = mkdtempSync(join(tmpdir(), 'chatbox-keys-'));
  writeFileSync(join(configDir, 'librechat.yaml'), yaml);
  e2e = await startChatE2e({ TITLE_CONVO: 'false', CONFIG_PATH: join(configDir, 'librechat.yaml') });
});
afterAll(async () => {
  await e2e?.close();
  rmSync(configDir, { recursive: true, force: true });
});

describe('user-provided keys in the browser', () => {
  it('asks for the key on selecting the endpoint, refuses missing fields, saves it, and the endpoint works', async () => {
    const page = await e2e.newPage();
    const { token } = await signUp(page, 'keys');
    const keyExpiry = () => page.request.get('/api/keys?name=BYOK', { headers: bearer(token) });
    expect(await (await keyExpiry()).json()).toEqual({ expiresAt: null });

    await page.goto('/c/new');
    await page.getByRole('button', { name: /^Endpoint:/ }).click();
    await page.getByRole('menu', { name: 'Endpoints' }).getByRole('menuitemradio', { name: 'BYOK' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set API key for BYOK' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Expires in').inputValue()).toBe('12h');

    // Behind the dialog the composer is closed until a key is saved.
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    expect(await composer.isDisabled()).toBe(true);
    expect(await composer.getAttribute('placeholder')).toBe('Set your API key in the header menu to start chatting.');

    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').filter({ hasText: 'The following fields are required: apiKey, baseURL' }).waitFor();
    await page.screenshot({ path: '/tmp/keys-dialog-required.png' });
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByLabel('API key').fill('sk-user-key');
    await dialog.getByLabel('Base URL').fill(`${e2e.upstreams.openai.url}/v1`);
    const before = Date.now();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Key for BYOK saved').waitFor();

    const { expiresAt } = (await (await keyExpiry()).json()) as { expiresAt: string };
    const lifetime = Date.parse(expiresAt) - before;
    expect(lifetime).toBeGreaterThan(12 * 3_600_000 - 60_000);
    expect(lifetime).toBeLessThan(12 * 3_600_000 + 60_000);
    await expect.poll(() => composer.isEnabled()).toBe(true);
    await page.screenshot({ path: '/tmp/keys-composer-unblocked.png' });

    // The saved key and base URL reach the upstream.
    const answer = await page.request.post('/api/ask/custom', {
      headers: bearer(token),
      data: { text: 'Hi', conversationId: null, parentMessageId: NO_PARENT, endpoint: 'BYOK', endpointType: 'custom', model: 'fake-model-a' },
    });
    expect(await answer.text()).toContain('"final":true');
    const sent = e2e.upstreams.openai.control.requests.filter((request) => request.path.endsWith('/chat/completions')).at(-1);
    expect(sent?.headers.authorization).toBe('Bearer sk-user-key');

    // The key button reopens the dialog, which now offers to revoke.
    await page.getByRole('button', { name: 'Endpoint: BYOK' }).click();
    await page.getByRole('menuitem', { name: 'Set API key for BYOK' }).click();
    await dialog.getByText(/A key is saved\. It expires/).waitFor();
    await page.screenshot({ path: '/tmp/keys-dialog-saved.png' });
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('Key for BYOK revoked').waitFor();
    expect(await (await keyExpiry()).json()).toEqual({ expiresAt: null });
    await page.context().close();
  });
});
