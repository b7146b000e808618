import { loginRequestSchema } from '@protocol';
import { Alert } from '../../../components/alert.js';
import { Button } from '../../../components/button.js';
import { TextField } from '../../../components/text-field.js';
import { TextLink } from '../../../components/text-link.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useZodForm } from '../../../lib/use-zod-form.js';
import { loginErrorKey, useLogin } from '../api/login.js';

/** Email and password; errors appear after the first submit and then follow each keystroke. */
export function LoginForm({ sessionError }: { sessionError: string | null }) {
  const localize = useLocalize();
  const form = useZodForm(loginRequestSchema, { email: '', password: '' }, { mode: 'submit' });
  const loginMutation = useLogin();
  const failure = loginMutation.isError ? localize(loginErrorKey(loginMutation.error)) : sessionError;

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit((body) => loginMutation.mutate(body))}>
      {failure && <Alert>{failure}</Alert>}
      <TextField
        label={localize('com_auth_email_address')}
        type="email"
        autoComplete="email"
        autoFocus
        {...form.field('email')}
      />
      <TextField
        label={localize('com_auth_password')}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <div className="-mt-1 text-end text-sm">
        <TextLink to="/forgot-password">{localize('com_auth_forgot_password')}</TextLink>
      </div>
      <Button type="submit" fullWidth disabled={loginMutation.isPending}>
        {loginMutation.isPending ? localize('com_auth_signing_in') : localize('com_auth_continue')}
      </Button>
    </form>
  );
}
