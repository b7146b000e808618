import { resetPasswordRequestSchema } from '@protocol';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert.js';
import { Button } from '../../../components/button.js';
import { TextField } from '../../../components/text-field.js';
import { TextLink } from '../../../components/text-link.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useZodForm } from '../../../lib/use-zod-form.js';
import { useResetPassword } from '../api/reset-password.js';
import { AuthLayout } from './auth-layout.js';

export function ResetPasswordPage() {
  const localize = useLocalize();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const userId = searchParams.get('userId') ?? '';
  const form = useZodForm(
    resetPasswordRequestSchema,
    { token, userId, password: '', confirm_password: '' },
    { mode: 'change' },
  );
  const reset = useResetPassword();

  if (reset.isSuccess) {
    return (
      <AuthLayout title={localize('com_auth_reset_password_success')}>
        <div className="flex flex-col gap-4">
          <Alert tone="success">{localize('com_auth_login_with_new_password')}</Alert>
          <Button fullWidth onClick={() => navigate('/login')}>
            {localize('com_auth_continue')}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  // A link without its token or user id can never succeed; say so before the user types anything.
  const linkProblem = !token ? 'com_auth_reset_token_missing' : !userId ? 'com_auth_user_id_missing' : null;

  return (
    <AuthLayout title={localize('com_auth_set_new_password')}>
      <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit((body) => reset.mutate(body))}>
        {reset.isError && (
          <Alert>
            {localize('com_auth_error_invalid_reset_token')}{' '}
            <TextLink to="/forgot-password" className="underline">
              {localize('com_auth_request_new_link')}
            </TextLink>
          </Alert>
        )}
        {linkProblem && !reset.isError && <Alert>{localize(linkProblem)}</Alert>}
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="userId" value={userId} />
        <TextField
          label={localize('com_auth_new_password')}
          type="password"
          autoComplete="new-password"
          autoFocus
          {...form.field('password')}
        />
        <TextField
          label={localize('com_auth_password_confirm')}
          type="password"
          autoComplete="new-password"
          // Typing it twice is the point of the field.
          onPaste={(event) => event.preventDefault()}
          {...form.field('confirm_password')}
        />
        <Button type="submit" fullWidth disabled={form.hasErrors || !!linkProblem || reset.isPending}>
          {localize('com_auth_continue')}
        </Button>
      </form>
    </AuthLayout>
  );
}
