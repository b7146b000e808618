import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, testConfig, testUser, type Handlers } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';

const signedIn = { 'POST /api/auth/refresh': () => json(200, { token: 'tok', user: testUser }) };

async function openAvatarDialog(handlers: Handlers = {}) {
  const fetch = mockFetch({ ...signedIn, ...handlers });
  const app = renderApp('/c/new');
  await app.user.click(await screen.findByRole('button', { name: /User menu/ }, { timeout: 5000 }));
  await app.user.click(screen.getByRole('menuitem', { name: 'Settings' }));
  const settings = await screen.findByRole('dialog', { name: 'Settings' }, { timeout: 5000 });
  await app.user.click(within(settings).getByRole('tab', { name: 'Account' }));
  await app.user.click(within(settings).getByRole('button', { name: 'Change picture' }));
  const dialog = screen.getByRole('dialog', { name: 'Upload a profile picture' });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { ...app, ...fetch, dialog, input };
}

const image = (type: string, size: number) => new File([new Uint8Array(size)], `me.${type.split('/')[1]}`, { type });

describe('avatar upload', () => {
  it('accepts png and jpeg only', async () => {
    const { input, dialog } = await openAvatarDialog();
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');
    expect(within(dialog).getByText('PNG or JPEG, up to 2 MB')).toBeInTheDocument();
  });

  it.each([
    ['a GIF', image('image/gif', 100)],
    ['a PNG over the limit', image('image/png', 2 * 1024 * 1024 + 1)],
  ])('refuses %s with the invalid-upload toast', async (_, file) => {
    const { input, user, dialog } = await openAvatarDialog();
    // applyAccept off: the browser's picker filter is only a hint, the check must hold on its own.
    await user.setup({ applyAccept: false }).upload(input, file);
    expect(await screen.findByText('Invalid file for upload. Must be an image not exceeding 2 MB')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('uses the configured limit in the toast', async () => {
    const { input, user } = await openAvatarDialog({
      'GET /api/config': () => json(200, testConfig({ avatarSizeLimit: 1024 * 1024 })),
    });
    await user.upload(input, image('image/png', 1024 * 1024 + 1));
    expect(await screen.findByText('Invalid file for upload. Must be an image not exceeding 1 MB')).toBeInTheDocument();
  });

  it('previews a valid picture, uploads it as multipart and updates the avatar', async () => {
    const { input, user, dialog, callsTo, queryClient } = await openAvatarDialog({
      'POST /api/files/images/avatar': () => json(200, { url: '/images/u1/avatar.png' }),
    });
    await user.upload(input, image('image/png', 2048));
    expect(await within(dialog).findByRole('img', { name: 'Preview of the new profile picture' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload a profile picture' })).not.toBeInTheDocument());
    const body = callsTo('POST', '/api/files/images/avatar')[0].body as FormData;
    expect(body.get('manual')).toBe('true');
    expect((body.get('input') as File).name).toBe('me.png');
    expect(queryClient.getQueryData<{ avatar: string }>(['user'])?.avatar).toBe('/images/u1/avatar.png');
    expect(await screen.findByText('Successfully uploaded file')).toBeInTheDocument();
  });

  it('clears the preview and shows the error toast when the upload fails', async () => {
    const { input, user, dialog } = await openAvatarDialog({
      'POST /api/files/images/avatar': () => json(500, { message: 'disk full' }),
    });
    await user.upload(input, image('image/png', 2048));
    await user.click(await within(dialog).findByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('There was an error uploading your file')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
  });
});
