import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../testing/run-cli.js';
import { startE2e, type E2eContext } from './support/chatbox-page.js';
import { submitSignUpForm } from './support/signed-in-chat.js';

let e2e: E2eContext;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

const email = 'ada@example.com';

async function logIn(page: Page, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('sign-in in the browser', () => {
  it('registers, lands in the chat shell, stays signed in after a reload, and logs out', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await submitSignUpForm(page, email);
    await expect.poll(() => page.getByText('How can I help you today?').isVisible()).toBe(true);

    // The access token lives in memory only: a reload signs in again through the refresh cookie.
    await page.reload();
    await page.waitForURL('**/c/new');
    await expect.poll(() => page.getByRole('button', { name: /User menu: Ada Lovelace/ }).isVisible()).toBe(true);

    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.goto('/c/new');
    await page.waitForURL('**/login');
    await page.context().close();
  });

  it('shows the catalogue message for a wrong password, then signs in with the right one', async () => {
    const page = await e2e.newPage();
    await logIn(page, 'not-the-password');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Unable to login with the information provided. Please check your credentials and try again.');
    await logIn(page, 'analytical-1');
    await page.waitForURL('**/c/new');
    await page.context().close();
  });

  it('without email, sends the user to the administrator, whose reset-password command lets them in again', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByText('chatbox user reset-password').waitFor();
    expect(await page.getByText(/Ask your administrator to set a new password for you/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Send reset link' }).count()).toBe(0);

    const reset = await runCli(['user', 'reset-password', '--email', email, '--password', 'difference-engine'], { cwd: e2e.cwd });
    expect(reset.code, reset.stderr).toBe(0);
    await logIn(page, 'difference-engine');
    await page.waitForURL('**/c/new');
    await page.context().close();
  });
});

describe('password reset link without email, when the operator opts in', () => {
  it('resets a forgotten password with the link the server returns', async () => {
    const optedIn = await startE2e({ ALLOW_UNVERIFIED_PASSWORD_RESET_LINK: 'true' });
    try {
      const registered = await fetch(`${optedIn.server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ada Lovelace', email, password: 'analytical-1', confirm_password: 'analytical-1' }),
      });
      expect(registered.status).toBe(200);
      const page = await optedIn.newPage();
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      // The login page has an 'Email address' field too, and stays on screen while the next page's chunk loads.
      await page.getByRole('button', { name: 'Send reset link' }).waitFor();
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('link', { name: 'Reset my password' }).click();
      await page.waitForURL('**/reset-password?token=*');
      await page.getByLabel('New password').fill('difference-engine');
      await page.getByLabel('Confirm password').fill('difference-engine');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => page.getByText('You may now log in with your new password.').isVisible()).toBe(true);
      await logIn(page, 'difference-engine');
      await page.waitForURL('**/c/new');
    } finally {
      await optedIn.close();
    }
  });
});

describe('login limit in the browser', () => {
  it('shows the rate-limit text after LOGIN_MAX attempts', async () => {
    const limited = await startE2e({ LOGIN_MAX: '2', BAN_VIOLATIONS: 'false' });
    try {
      const page = await limited.newPage();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await page.goto('/login');
        await page.getByLabel('Email address').fill('someone@example.com');
        await page.getByLabel('Password', { exact: true }).fill('wrong-password');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('alert').waitFor();
      }
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Too many login attempts in a short time, try again later.');
    } finally {
      await limited.close();
    }
  });
});
