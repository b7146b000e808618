import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, testConfig } from '../../../test/mock-fetch.js';
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
    mockFetch({
      'GET /api/config': () => json(200, testConfig({ emailEnabled: true })),
      'POST /api/auth/requestPasswordReset': () => json(200, { message: 'sent' }),
    });
    await requestReset();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reset my password' })).not.toBeInTheDocument();
  });

  it('never turns a javascript: link into an href', async () => {
    mockFetch({
      'GET /api/config': () => json(200, testConfig({ emailEnabled: true })),
      'POST /api/auth/requestPasswordReset': () => json(200, { message: 'x', link: 'javascript:alert(1)' }),
    });
    await requestReset();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  });

  it('tells the user to ask the administrator, without a form, when the server cannot reset passwords itself', async () => {
    const { callsTo } = mockFetch({ 'GET /api/config': () => json(200, testConfig({ emailEnabled: false, passwordResetEnabled: false })) });
    renderApp('/forgot-password');
    expect(await screen.findByText(/Ask your administrator to set a new password for you/)).toBeInTheDocument();
    expect(screen.getByText('chatbox user reset-password')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/auth/requestPasswordReset')).toEqual([]);
  });

  it('tells the user to ask the administrator when no email is sent and no link comes back', async () => {
    mockFetch({
      'GET /api/config': () => json(200, testConfig({ emailEnabled: false })),
      'POST /api/auth/requestPasswordReset': () => json(200, { message: 'This server cannot send email' }),
    });
    await requestReset();
    expect(await screen.findByText('chatbox user reset-password')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
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
