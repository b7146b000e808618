import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';

async function requestReset(email = 'ada@example.com') {
  const app = renderApp('/forgot-password');
  await screen.findByRole('heading', { name: 'Reset your password' });
  await app.user.type(screen.getByLabelText('Email address'), email);
  await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
  return app;
}

describe('forgot password page', () => {
  it('shows the returned link in place of the check-your-email step', async () => {
    const link = 'http://localhost:3080/reset-password?token=abc&userId=u1';
    const { callsTo } = mockFetch({ 'POST /api/auth/requestPasswordReset': () => json(200, { message: 'ok', link }) });
    await requestReset(' ada@example.com ');
    expect(await screen.findByRole('link', { name: 'Reset my password' })).toHaveAttribute('href', link);
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/requestPasswordReset')[0].body).toEqual({ email: 'ada@example.com' });
  });

  it('asks to check the email when the server sent it', async () => {
    mockFetch({ 'POST /api/auth/requestPasswordReset': () => json(200, { message: 'sent' }) });
    await requestReset();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reset my password' })).not.toBeInTheDocument();
  });

  it('never turns a javascript: link into an href', async () => {
    mockFetch({ 'POST /api/auth/requestPasswordReset': () => json(200, { message: 'x', link: 'javascript:alert(1)' }) });
    await requestReset();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  });

  it('shows the error for 5 seconds', async () => {
    // The clock still runs by itself (user-event needs it) but can also be pushed forward.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch({ 'POST /api/auth/requestPasswordReset': () => json(400, { message: 'No user found' }) });
    await requestReset();
    expect(await screen.findByRole('alert')).toHaveTextContent('There was a problem resetting your password.');

    await act(() => vi.advanceTimersByTimeAsync(4500));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
