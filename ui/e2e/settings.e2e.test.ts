import type { APIRequestContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
let e2e: ChatE2eContext;

beforeAll(async () => {
  // Every test registers its own account: lift the per-IP registration limit (5 an hour by default).
  e2e = await startChatE2e({ TITLE_CONVO: 'false', REGISTER_MAX: '100' });
});
afterAll(async () => {
  await e2e?.close();
});

let accounts = 0;

/** A fresh account per test; the refresh cookie lands in the page's context, so /c/new opens signed in. */
async function signedInPage(viewport = { width: 1280, height: 800 }): Promise<{ page: Page; token: string }> {
  const page = await e2e.newPage();
  await page.setViewportSize(viewport);
  accounts += 1;
  const response = await page.request.post('/api/auth/register', {
    data: {
      name: 'Ada Lovelace',
      email: `ada${accounts}@example.com`,
      password: 'analytical-1',
      confirm_password: 'analytical-1',
    },
  });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page.goto('/c/new');
  await page.locator('#chat-sidebar').waitFor({ state: 'attached' });
  return { page, token };
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.waitFor();
  return dialog;
}

async function conversationCount(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/convos', { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { conversations: unknown[] }).conversations.length;
}

describe('settings in the browser', () => {
  it('switches the theme to dark and back to light', async () => {
    const { page } = await signedInPage();
    await page.screenshot({ path: '/tmp/chatbox-light.png' });
    const dialog = await openSettings(page);
    await dialog.getByLabel('Theme').selectOption('dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.className)).toContain('dark');
    await page.screenshot({ path: '/tmp/chatbox-settings-dark.png' });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: '/tmp/chatbox-dark.png' });
    await page.reload();
    await page.getByRole('button', { name: /User menu/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const again = await openSettings(page);
    await again.getByLabel('Theme').selectOption('light');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.screenshot({ path: '/tmp/chatbox-settings-light.png' });
    await page.context().close();
  });

  it('clears all conversations with a two-step button', async () => {
    const { page, token } = await signedInPage();
    const asked = await page.request.post('/api/ask/openAI', {
      headers: { authorization: `Bearer ${token}` },
      data: { text: 'Hello there', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI' },
    });
    expect(asked.status()).toBe(200);
    expect(await conversationCount(page.request, token)).toBe(1);

    const dialog = await openSettings(page);
    await dialog.getByRole('tab', { name: 'Data controls' }).click();
    await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
    const confirm = dialog.getByRole('button', { name: 'Confirm clear' });
    await confirm.waitFor();
    await page.screenshot({ path: '/tmp/chatbox-settings-data.png' });
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Clear', exact: true }).waitFor();
    expect(await conversationCount(page.request, token)).toBe(1);

    await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
    await dialog.getByRole('button', { name: 'Confirm clear' }).click();
    await page.getByText('All conversations were deleted').waitFor();
    await expect.poll(() => conversationCount(page.request, token)).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/c/new');
    await page.context().close();
  });

  it('switches to German and shows the interface in German', async () => {
    const { page } = await signedInPage();
    const dialog = await openSettings(page);
    await dialog.getByLabel('Language').selectOption('de-DE');
    await page.getByRole('dialog', { name: 'Einstellungen' }).getByRole('tab', { name: 'Allgemein' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Benutzermenü/ }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).waitFor();
    await page.screenshot({ path: '/tmp/chatbox-german.png' });
    await page.context().close();
  });

  it('switches to Arabic: right-to-left, with the sidebar on the right', async () => {
    const { page } = await signedInPage();
    const dialog = await openSettings(page);
    await dialog.getByLabel('Language').selectOption('ar-EG');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.screenshot({ path: '/tmp/chatbox-arabic-settings.png' });
    await page.keyboard.press('Escape');
    const sidebar = await page.locator('#chat-sidebar').boundingBox();
    expect(sidebar!.x).toBeGreaterThan(1280 / 2);
    const panel = await page.locator('aside').last().boundingBox();
    expect(panel!.x).toBeLessThan(1280 / 2);
    await page.screenshot({ path: '/tmp/chatbox-arabic.png' });
    await page.context().close();
  });

  it('is usable on a 390 × 844 phone', async () => {
    const { page } = await signedInPage({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/chatbox-phone.png' });
    await page.getByRole('button', { name: 'Open sidebar' }).first().click();
    // The drawer slides in for 200 ms.
    await page.waitForTimeout(300);
    await page.screenshot({ path: '/tmp/chatbox-phone-sidebar.png' });
    const dialog = await openSettings(page);
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.height).toBeLessThanOrEqual(844);
    await dialog.getByRole('switch', { name: 'Press Enter to send messages' }).click();
    expect(await page.evaluate(() => window.localStorage.getItem('enterToSend'))).toBe('false');
    await page.screenshot({ path: '/tmp/chatbox-phone-settings.png' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('opens, drags and remembers the right side panel', async () => {
    const { page } = await signedInPage();
    await page.getByRole('complementary', { name: 'Side panel' }).getByRole('button', { name: 'Attach files' }).click();
    const handle = page.getByRole('separator', { name: 'Resize side panel' });
    await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe('25');
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 200);
    await page.mouse.down();
    // The layout's percentages are of the area beside the 260 px sidebar.
    await page.mouse.move(1280 - (1280 - 260) * 0.33, box.y + 220, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe('33');
    await page.screenshot({ path: '/tmp/chatbox-side-panel.png' });
    // Saved 350 ms after the last move.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('react-resizable-panels:layout'))).toBe('[67,33]');
    await page.reload();
    await expect.poll(() => page.getByRole('separator', { name: 'Resize side panel' }).getAttribute('aria-valuenow')).toBe('33');
    await page.getByRole('button', { name: 'Hide panel' }).click();
    await page.getByRole('button', { name: 'Open side panel' }).waitFor();
    await page.context().close();
  });
  it('uploads a profile picture: refuses a wrong file in a toast, then crops a photo to 150 px and shows it everywhere', async () => {
    const { page } = await signedInPage();
    const dialog = await openSettings(page);
    await dialog.getByRole('tab', { name: 'Account' }).click();
    await dialog.getByRole('button', { name: 'Change picture' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload a profile picture' });
    await upload.getByText('PNG or JPEG, up to 2 MB').waitFor();

    // A GIF is not a picture the avatar takes: refused before anything is sent.
    await upload.getByLabel('Choose file').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('Invalid file for upload. Must be an image not exceeding 2 MB').waitFor();
    expect(await upload.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);

    const photo = await sharp({ create: { width: 400, height: 240, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
    await upload.getByLabel('Choose file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    await upload.getByRole('img', { name: 'Preview of the new profile picture' }).waitFor();
    await upload.getByText('me.png').waitFor();
    const answer = page.waitForResponse((response) => response.url().includes('/api/files/images/avatar'));
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    expect((await answer).status()).toBe(200);
    await page.getByText('Successfully uploaded file').waitFor();
    await upload.waitFor({ state: 'detached' });

    // The account tab and the user menu show the new picture, served to its owner, cropped square.
    const picture = dialog.locator('img[src*="avatar-"]');
    await picture.waitFor();
    const source = await picture.getAttribute('src');
    const served = await page.request.get(source!);
    expect(served.status()).toBe(200);
    expect(await sharp(await served.body()).metadata()).toMatchObject({ width: 150, height: 150 });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /User menu/ }).locator('img[src*="avatar-"]').waitFor();
    await page.screenshot({ path: '/tmp/chatbox-avatar.png' });
    await page.context().close();
  });
});
