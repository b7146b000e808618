import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, testConfig, testUser } from '../../../test/mock-fetch.js';
import { currentPath, renderApp } from '../../../test/render-app.js';

async function openRegister() {
  const app = renderApp('/register');
  await screen.findByRole('heading', { name: 'Create your account' });
  return app;
}

const submit = () => screen.getByRole('button', { name: 'Create account' });

describe('register page', () => {
  it('validates on change and keeps submit disabled while any error shows', async () => {
    mockFetch();
    const { user } = await openRegister();
    expect(submit()).toBeEnabled();

    await user.type(screen.getByLabelText('Full name'), 'Al');
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Name must be at least 3 characters');
    expect(submit()).toBeDisabled();

    await user.type(screen.getByLabelText('Full name'), 'an');
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    expect(submit()).toBeEnabled();

    await user.type(screen.getByLabelText('Email address'), 'not-an-email');
    expect(screen.getByText('You must enter a valid email address')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('reports a confirmation that does not match the password', async () => {
    mockFetch();
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Password'), 'long enough 1');
    await user.type(screen.getByLabelText('Confirm password'), 'long enough 2');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    expect(submit()).toBeDisabled();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'long enough 1');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  async function fillValidForm(user: Awaited<ReturnType<typeof openRegister>>['user']) {
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Username (optional)'), 'ada');
    await user.type(screen.getByLabelText('Email address'), ' ada@example.com ');
    await user.type(screen.getByLabelText('Password'), 'analytical');
    await user.type(screen.getByLabelText('Confirm password'), 'analytical');
  }

  it('shows the create-error banner with the server message on failure', async () => {
    mockFetch({ 'POST /api/auth/register': () => json(409, { message: 'Email already in use' }) });
    const { user } = await openRegister();
    await fillValidForm(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error attempting to register your account. Please try again. Email already in use',
    );
  });

  it('signs the new account in and goes to /c/new', async () => {
    const { callsTo } = mockFetch({ 'POST /api/auth/register': () => json(200, { token: 't', user: testUser }) });
    const { user, router } = await openRegister();
    await fillValidForm(user);
    await user.click(submit());
    await waitFor(() => expect(currentPath(router)).toBe('/c/new'));
    expect(callsTo('POST', '/api/auth/register')[0].body).toMatchObject({ email: 'ada@example.com', username: 'ada' });
  });

  it('redirects to /login when registration is disabled', async () => {
    mockFetch({ 'GET /api/config': () => json(200, testConfig({ registrationEnabled: false })) });
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(currentPath(router)).toBe('/login');
  });
});
