import { forgotPasswordRequestSchema } from '@protocol';
import { Alert } from '../../../components/alert.js';
import { Button } from '../../../components/button.js';
import { TextField } from '../../../components/text-field.js';
import { TextLink, textLinkClass } from '../../../components/text-link.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useStartupConfig } from '../../../lib/startup-config/get-startup-config.js';
import { useZodForm } from '../../../lib/use-zod-form.js';
import { safeResetLink, useRequestPasswordReset } from '../api/request-password-reset.js';
import { useAutoReset } from '../hooks/use-auto-reset.js';
import { AuthLayout } from './auth-layout.js';

/** Spec 000 §9: error banners disappear after 5 s. */
export const RESET_ERROR_DURATION = 5000;

export function ForgotPasswordPage() {
  const localize = useLocalize();
  const { config } = useStartupConfig();
  const form = useZodForm(forgotPasswordRequestSchema, { email: '' }, { mode: 'submit' });
  const resetRequest = useRequestPasswordReset();
  useAutoReset(resetRequest.isError, resetRequest.reset, RESET_ERROR_DURATION);

  const backToLogin = <TextLink to="/login">{localize('com_auth_back_to_login')}</TextLink>;

  // Without email the server makes no reset link (unless its operator opted in), so a form would lead nowhere.
  const askAdministrator = (
    <AuthLayout title={localize('com_auth_reset_password')} footer={backToLogin}>
      <div className="flex flex-col gap-3 text-sm text-neutral-700 dark:text-neutral-300">
        <p>{localize('com_auth_reset_by_administrator')}</p>
        <code className="rounded bg-neutral-100 px-2 py-1 dark:bg-neutral-800">chatbox user reset-password</code>
      </div>
    </AuthLayout>
  );
  if (!config.passwordResetEnabled) return askAdministrator;

  if (resetRequest.isSuccess) {
    // Without email the server hands the link back; it replaces the 'check your email' step.
    const link = safeResetLink(resetRequest.data?.link);
    if (!link && !config.emailEnabled) return askAdministrator;
    return link ? (
      <AuthLayout title={localize('com_auth_reset_password')} footer={backToLogin}>
        <div className="flex flex-col gap-4 text-sm">
          <p className="text-neutral-700 dark:text-neutral-300">{localize('com_auth_reset_link_ready')}</p>
          <a href={link} className={textLinkClass + ' break-all underline'}>
            {localize('com_auth_reset_link_label')}
          </a>
        </div>
      </AuthLayout>
    ) : (
      <AuthLayout title={localize('com_auth_check_email')} footer={backToLogin}>
        <Alert tone="success">{localize('com_auth_reset_password_if_email_exists')}</Alert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={localize('com_auth_reset_password')} footer={backToLogin}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((body) => resetRequest.mutate(body))}
      >
        {resetRequest.isError && <Alert>{localize('com_auth_error_reset_password')}</Alert>}
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{localize('com_auth_reset_password_intro')}</p>
        <TextField
          label={localize('com_auth_email_address')}
          type="email"
          autoComplete="email"
          autoFocus
          {...form.field('email')}
        />
        <Button type="submit" fullWidth disabled={resetRequest.isPending}>
          {localize('com_auth_send_reset_link')}
        </Button>
      </form>
    </AuthLayout>
  );
}
