import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { currentPath, renderApp } from '../../../test/render-app.js';

async function openReset(query = '?token=tok&userId=u1') {
  const app = renderApp(`/reset-password${query}`);
  await screen.findByRole('heading', { name: 'Set a new password' });
  return app;
}

async function submitNewPassword(user: Awaited<ReturnType<typeof openReset>>['user']) {
  await user.type(screen.getByLabelText('New password'), 'brand new pass');
  await user.type(screen.getByLabelText('Confirm password'), 'brand new pass');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('reset password page', () => {
  it('blocks pasting into the confirmation', async () => {
    mockFetch();
    await openReset();
    const confirm = screen.getByLabelText('Confirm password');
    const pasted = fireEvent.paste(confirm, { clipboardData: { getData: () => 'brand new pass' } });
    expect(pasted).toBe(false);
    expect(confirm).toHaveValue('');
  });

  it('sends token and userId from the query, then offers to continue to login', async () => {
    const { callsTo } = mockFetch({ 'POST /api/auth/resetPassword': () => json(200, { message: 'done' }) });
    const { user, router } = await openReset();
    await submitNewPassword(user);

    expect(await screen.findByRole('heading', { name: 'Your password has been reset' })).toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/resetPassword')[0].body).toEqual({
      token: 'tok',
      userId: 'u1',
      password: 'brand new pass',
      confirm_password: 'brand new pass',
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });

  it('shows the invalid-token message with a link to request a new one', async () => {
    mockFetch({ 'POST /api/auth/resetPassword': () => json(400, { message: 'Invalid or expired token' }) });
    const { user } = await openReset();
    await submitNewPassword(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This password reset token is no longer valid.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('explains a link without a token and does not submit', async () => {
    mockFetch();
    await openReset('?userId=u1');
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to process: No valid reset token');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });
});
