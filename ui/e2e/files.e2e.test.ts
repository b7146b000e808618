import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';

// A 1×1 PNG: the server sniffs images by their bytes.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let e2e: ChatE2eContext;
let page: Page;

beforeAll(async () => {
  e2e = await startChatE2e({ TITLE_CONVO: 'false' });
  page = await e2e.newPage();
  const response = await page.request.post('/api/auth/register', {
    data: { name: 'Ada Lovelace', email: 'ada-files@example.com', password: 'analytical-1', confirm_password: 'analytical-1' },
  });
  expect(response.status()).toBe(200);
  await page.goto('/c/new');
  await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
});
afterAll(async () => {
  await e2e?.close();
});

const chips = () => page.getByRole('list', { name: 'Attached files' });

describe('files in the browser', () => {
  it('attaches by button and by drop, refuses an unsupported file in a toast, sends the files, and manages them in My files', async () => {
    // By the attach button: an image (thumbnail) and a document (card).
    const chooser = page.waitForEvent('filechooser');
    await page.locator('form').getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles([
      { name: 'dot.png', mimeType: 'image/png', buffer: png },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Remember the milk.') },
    ]);
    await chips().getByRole('img', { name: 'dot.png' }).waitFor();
    await chips().getByText('notes.txt').waitFor();
    await expect.poll(() => chips().getByRole('progressbar').count(), { timeout: 10_000 }).toBe(0);
    await page.screenshot({ path: '/tmp/chatbox-composer-files.png' });

    // By drop: a CSV joins them; an executable is refused before any upload.
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['a,b\n1,2\n'], 'table.csv', { type: 'text/csv' }));
      transfer.items.add(new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }));
      return transfer;
    });
    const target = page.getByRole('textbox', { name: 'Message', exact: true });
    await target.dispatchEvent('dragenter', { dataTransfer });
    await page.getByText('Drop any file here to add it to the conversation').waitFor();
    await target.dispatchEvent('drop', { dataTransfer });
    await chips().getByText('table.csv').waitFor();
    await page.getByText('Currently, unsupported file type: application/x-msdownload').waitFor();
    await expect.poll(() => chips().getByRole('progressbar').count(), { timeout: 10_000 }).toBe(0);

    // Removing a chip deletes its upload.
    await page.getByRole('button', { name: 'Remove table.csv' }).click();
    await expect.poll(() => chips().getByText('table.csv').count()).toBe(0);

    e2e.upstreams.openai.control.configure({ reply: 'Got your files.', chunkSize: 8, delayMs: 5 });
    const ask = page.waitForRequest((request) => request.url().includes('/api/ask/') && request.method() === 'POST');
    await target.fill('What is in these?');
    await target.press('Enter');
    const body = (await ask).postDataJSON() as { files: Array<{ file_id: string; filepath: string; type: string; width?: number; height?: number }> };
    expect(body.files).toHaveLength(2);
    expect(body.files.map((file) => file.type).sort()).toEqual(['image/png', 'text/plain']);
    expect(body.files.find((file) => file.type === 'image/png')).toMatchObject({ width: 1, height: 1 });
    await page.getByText('Got your files.').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('list', { name: 'Attached files' }).count()).toBe(0);

    // My files: both uploads (the removed one is gone), filter, download, delete with confirmation.
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'My files' }).click();
    const dialog = page.getByRole('dialog', { name: 'My files' });
    await dialog.getByText('notes.txt').waitFor();
    await dialog.getByText('dot.png').waitFor();
    expect(await dialog.getByText('table.csv').count()).toBe(0);
    expect(await dialog.getByText('< 0.01 MB').count()).toBe(2);

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download notes.txt' }).click();
    expect((await download).suggestedFilename()).toBe('notes.txt');

    await dialog.getByRole('searchbox', { name: 'Filter files by name…' }).fill('dot');
    expect(await dialog.getByText('notes.txt').count()).toBe(0);
    await dialog.getByRole('checkbox', { name: 'Select dot.png' }).check();
    await dialog.getByText('1 of 1 selected').waitFor();
    await dialog.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete files?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('No files found.').waitFor();
    await dialog.getByRole('searchbox', { name: 'Filter files by name…' }).fill('');
    await dialog.getByText('notes.txt').waitFor();
    await page.screenshot({ path: '/tmp/chatbox-my-files.png' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The side panel attaches a stored file again, without uploading it.
    await page.getByRole('complementary', { name: 'Side panel' }).getByRole('button', { name: 'Attach files' }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Attach notes.txt' }).click();
    await chips().getByText('notes.txt').waitFor();
    await page.screenshot({ path: '/tmp/chatbox-attach-panel.png' });
  });
});
