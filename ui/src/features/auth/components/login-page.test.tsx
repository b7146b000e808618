import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, testConfig, testUser } from '../../../test/mock-fetch.js';
import { currentPath, renderApp } from '../../../test/render-app.js';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email address'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('login page', () => {
  it('shows the validation messages of the schema, tied to their inputs', async () => {
    mockFetch();
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });

    await fillAndSubmit(user, '', '');
    const email = screen.getByLabelText('Email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');

    await user.type(email, 'ada@example');
    expect(email).toHaveAccessibleDescription('You must enter a valid email address');
    await user.type(screen.getByLabelText('Password'), 'short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it.each([
    [401, 'Unable to login with the information provided. Please check your credentials and try again.'],
    [429, 'Too many login attempts in a short time, try again later.'],
    [403, 'Account temporarily banned for violations of the service.'],
    [500, 'Internal server error, wait a few moments and retry.'],
  ])('maps a %i answer to its alert', async (status, text) => {
    mockFetch({ 'POST /api/auth/login': () => json(status, { message: 'server words', code: 'x' }) });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });

    await fillAndSubmit(user, 'ada@example.com', 'correct horse');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByText('server words')).not.toBeInTheDocument();
  });

  it('signs in with a trimmed email and lands on a new chat', async () => {
    const { callsTo } = mockFetch({ 'POST /api/auth/login': () => json(200, { token: 't1', user: testUser }) });
    const { user, router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });

    await fillAndSubmit(user, '  ada@example.com ', 'correct horse');
    await waitFor(() => expect(currentPath(router)).toBe('/c/new'));
    expect(callsTo('POST', '/api/auth/login')[0].body).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect(await screen.findByText('How can I help you today?')).toBeInTheDocument();
  });

  it('offers sign-up only when registration is enabled, social buttons in the configured order, legal links', async () => {
    mockFetch({
      'GET /api/config': () =>
        json(
          200,
          testConfig({
            registrationEnabled: false,
            serverDomain: 'https://chat.example.com/',
            socialLogins: ['google', 'github', 'discord', 'openid'],
            googleLoginEnabled: true,
            githubLoginEnabled: true,
            discordLoginEnabled: false,
            openidLoginEnabled: true,
            openidLabel: 'Company SSO',
            interface: {
              privacyPolicy: { externalUrl: 'https://example.com/privacy', openNewTab: true },
              termsOfService: { externalUrl: 'https://example.com/terms' },
            },
          }),
        ),
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });

    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(screen.getByRole('separator', { name: 'Or' })).toBeInTheDocument();
    const social = screen.getAllByRole('link', { name: /Continue with|Company SSO/ });
    expect(social.map((link) => link.getAttribute('href'))).toEqual([
      'https://chat.example.com/oauth/google',
      'https://chat.example.com/oauth/github',
      'https://chat.example.com/oauth/openid',
    ]);
    expect(social[2]).toHaveTextContent('Company SSO');
    expect(screen.getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', 'https://example.com/terms');
    expect(document.title).toBe('TestChat');
  });

  it('falls back to the defaults when /api/config fails', async () => {
    mockFetch({ 'GET /api/config': () => json(502, { message: 'Bad gateway' }) });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('separator', { name: 'Or' })).not.toBeInTheDocument();
  });
});
