import { TextLink } from '../../../components/text-link.js';
import { useAuth } from '../../../lib/auth/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useStartupConfig } from '../../../lib/startup-config/get-startup-config.js';
import { AuthLayout } from './auth-layout.js';
import { LoginForm } from './login-form.js';
import { SocialLoginButtons } from './social-login-buttons.js';
import { SocialLoginError } from './social-login-error.js';

export function LoginPage() {
  const localize = useLocalize();
  const { config } = useStartupConfig();
  const { error } = useAuth();

  const footer = config.registrationEnabled ? (
    <>
      {localize('com_auth_no_account')} <TextLink to="/register">{localize('com_auth_sign_up')}</TextLink>
    </>
  ) : undefined;

  return (
    <AuthLayout title={localize('com_auth_welcome_back')} footer={footer}>
      <SocialLoginError />
      {config.emailLoginEnabled && <LoginForm sessionError={error} />}
      <SocialLoginButtons config={config} withDivider={config.emailLoginEnabled} />
    </AuthLayout>
  );
}
