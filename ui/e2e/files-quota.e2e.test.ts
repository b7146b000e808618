import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';

const megabyte = 1024 * 1024;

let e2e: ChatE2eContext;
let page: Page;
let folder: string;
let token: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'chatbox-quota-e2e-'));
  writeFileSync(join(folder, 'librechat.yaml'), 'version: 1.0.6\nfileConfig:\n  userStorageLimit: 1\n');
  e2e = await startChatE2e({ TITLE_CONVO: 'false', CONFIG_PATH: join(folder, 'librechat.yaml') });
  page = await e2e.newPage();
  const response = await page.request.post('/api/auth/register', {
    data: { name: 'Ada Lovelace', email: 'ada-quota@example.com', password: 'analytical-1', confirm_password: 'analytical-1' },
  });
  expect(response.status()).toBe(200);
  token = (await response.json()).token;
  await page.goto('/c/new');
  await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
});
afterAll(async () => {
  await e2e?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("the user's storage quota in the browser", () => {
  it('shows the storage used in My files, and an upload past the quota fails with the server message', async () => {
    const stored = await page.request.post('/api/files', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { file_id: randomUUID(), endpoint: 'openAI', file: { name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0.6 * megabyte, 'a') } },
    });
    expect(stored.status()).toBe(200);

    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'My files' }).click();
    const dialog = page.getByRole('dialog', { name: 'My files' });
    await dialog.getByText('big.txt').waitFor();
    await dialog.getByText('Storage: 0.60 MB of 1.00 MB used').waitFor();
    await page.screenshot({ path: '/tmp/chatbox-my-files-quota.png' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The browser's own checks pass (0.5 MB is far under the file size limit); the server refuses it while it streams.
    const chooser = page.waitForEvent('filechooser');
    await page.locator('form').getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles([{ name: 'more.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0.5 * megabyte, 'b') }]);
    await page.getByText('Your file storage is full: this upload would pass your limit of 1 MB (0.6 MB used).').waitFor({ timeout: 10_000 });
  });
});
