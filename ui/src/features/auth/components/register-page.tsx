import { registerRequestSchema } from '@protocol';
import { Navigate } from 'react-router-dom';
import { Alert } from '../../../components/alert.js';
import { Button } from '../../../components/button.js';
import { FullPageSpinner } from '../../../components/spinner.js';
import { TextField } from '../../../components/text-field.js';
import { TextLink } from '../../../components/text-link.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useStartupConfig } from '../../../lib/startup-config/get-startup-config.js';
import { useZodForm } from '../../../lib/use-zod-form.js';
import { useRegister } from '../api/register.js';
import { AuthLayout } from './auth-layout.js';
import { SocialLoginButtons } from './social-login-buttons.js';

const emptyForm = { name: '', username: '', email: '', password: '', confirm_password: '' };

/** Validation runs on change; submit stays disabled while any shown field has an error. */
export function RegisterPage() {
  const localize = useLocalize();
  const { config, isLoading } = useStartupConfig();
  const form = useZodForm(registerRequestSchema, emptyForm, { mode: 'change' });
  const registerMutation = useRegister();

  if (isLoading) return <FullPageSpinner />;
  if (!config.registrationEnabled) return <Navigate to="/login" replace />;

  const footer = (
    <>
      {localize('com_auth_already_have_account')} <TextLink to="/login">{localize('com_auth_login')}</TextLink>
    </>
  );

  return (
    <AuthLayout title={localize('com_auth_create_account')} footer={footer}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((body) => registerMutation.mutate(body))}
      >
        {registerMutation.isError && (
          <Alert>
            {localize('com_auth_error_create')} {registerMutation.error.message}
          </Alert>
        )}
        <TextField label={localize('com_auth_full_name')} autoComplete="name" autoFocus {...form.field('name')} />
        <TextField label={localize('com_auth_username')} autoComplete="username" {...form.field('username')} />
        <TextField
          label={localize('com_auth_email_address')}
          type="email"
          autoComplete="email"
          {...form.field('email')}
        />
        <TextField
          label={localize('com_auth_password')}
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <TextField
          label={localize('com_auth_password_confirm')}
          type="password"
          autoComplete="new-password"
          {...form.field('confirm_password')}
        />
        <Button type="submit" fullWidth disabled={form.hasErrors || registerMutation.isPending}>
          {localize('com_auth_submit_registration')}
        </Button>
      </form>
      <div className="mt-1">
        <SocialLoginButtons config={config} withDivider />
      </div>
    </AuthLayout>
  );
}
