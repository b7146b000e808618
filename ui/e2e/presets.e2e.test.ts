import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatE2e, type ChatE2eContext } from './support/chatbox-page.js';
import { bearer, signUp } from './support/seed.js';

let e2e: ChatE2eContext;

beforeAll(async () => {
  e2e = await startChatE2e({ TITLE_CONVO: 'false' });
});
afterAll(async () => {
  await e2e?.close();
});

interface Preset {
  presetId: string;
  title: string;
  endpoint: string;
  temperature?: number;
  defaultPreset: boolean;
}

const presetsOf = async (page: Page, token: string) => (await (await page.request.get('/api/presets', { headers: bearer(token) })).json()) as Preset[];

describe('presets in the browser', () => {
  it('saves from the settings popover, sets the default, exports, deletes and imports again', async () => {
    const page = await e2e.newPage();
    const { token } = await signUp(page, 'presets');
    await page.goto('/c/new');

    await page.getByRole('button', { name: /^Endpoint:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Anthropic' }).click();
    await page.getByRole('button', { name: 'Conversation settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Conversation settings' });
    await settings.getByRole('spinbutton', { name: 'Temperature (0–1)' }).fill('0.35');
    await settings.getByRole('spinbutton', { name: 'Temperature (0–1)' }).press('Enter');
    await settings.getByLabel('Custom instructions').fill('Answer in one paragraph.');
    await page.screenshot({ path: '/tmp/presets-settings-popover.png' });
    await settings.getByRole('button', { name: 'Save as preset' }).click();
    const save = page.getByRole('dialog', { name: 'Save as preset' });
    expect(await save.getByLabel('Preset name').inputValue()).toBe('My Preset');
    await save.getByLabel('Preset name').fill('Careful Claude');
    await save.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Careful Claude saved').waitFor();
    await page.keyboard.press('Escape');

    const [saved] = await presetsOf(page, token);
    expect(saved).toMatchObject({ title: 'Careful Claude', endpoint: 'anthropic', temperature: 0.35, promptPrefix: 'Answer in one paragraph.' });

    // Set it as the default.
    await page.getByRole('button', { name: 'Presets' }).click();
    const menu = page.getByRole('dialog', { name: 'Presets' });
    await menu.getByRole('button', { name: 'Set Careful Claude as default' }).click();
    await menu.getByText('Default: Careful Claude').waitFor();
    await page.screenshot({ path: '/tmp/presets-menu.png' });
    await expect.poll(async () => (await presetsOf(page, token))[0]?.defaultPreset).toBe(true);

    // Export from the edit dialog.
    await menu.getByRole('button', { name: 'Edit Careful Claude' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit preset' });
    await edit.waitFor();
    await page.screenshot({ path: '/tmp/presets-edit-dialog.png' });
    const [download] = await Promise.all([page.waitForEvent('download'), edit.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('Careful Claude.json');
    const filePath = await download.path();
    const file = readFileSync(filePath);
    const exported = JSON.parse(file.toString('utf8')) as Record<string, unknown>;
    expect(exported).toMatchObject({ title: 'Careful Claude', endpoint: 'anthropic', temperature: 0.35 });
    expect(exported).not.toHaveProperty('presetId');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // Delete, then import the exported file again.
    await menu.getByRole('button', { name: 'Delete Careful Claude' }).click();
    await page.getByRole('alertdialog', { name: 'Delete preset?' }).getByRole('button', { name: 'Delete' }).click();
    await menu.getByText(/No presets yet/).waitFor();
    await menu.getByTestId('preset-import-file').setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: file });
    await page.getByText('Presets imported').waitFor();
    await menu.getByText('Careful Claude').waitFor();
    const imported = await presetsOf(page, token);
    expect(imported).toHaveLength(1);
    expect(imported[0]).toMatchObject({ title: 'Careful Claude', endpoint: 'anthropic', temperature: 0.35 });

    // A file that is not JSON is refused.
    await menu.getByTestId('preset-import-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{ nope') });
    await page.getByRole('alert').filter({ hasText: 'The preset file could not be imported.' }).waitFor();

    // Choosing it activates it.
    await page.getByRole('button', { name: /^Endpoint:/ }).click();
    await page.getByRole('menuitemradio', { name: 'OpenAI' }).click();
    await page.getByRole('button', { name: 'Presets' }).click();
    await menu.getByText('Careful Claude').click();
    await page.getByText('Active!').waitFor();
    await page.getByRole('button', { name: 'Endpoint: Anthropic' }).waitFor();
    await page.context().close();
  });
});
