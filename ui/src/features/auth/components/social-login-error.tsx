import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert.js';
import { useLocalize, type TranslationKey } from '../../../lib/i18n/index.js';

/** The reasons the server's social sign-in flow sends back as /login?error=<reason>. */
const messages: Record<string, TranslationKey> = {
  access_denied: 'com_auth_social_error_access_denied',
  invalid_state: 'com_auth_social_error_invalid_state',
  provider_error: 'com_auth_social_error_provider_error',
  provider_unavailable: 'com_auth_social_error_provider_unavailable',
  email_required: 'com_auth_social_error_email_required',
  email_not_verified: 'com_auth_social_error_email_not_verified',
  registration_disabled: 'com_auth_social_error_registration_disabled',
  domain_not_allowed: 'com_auth_social_error_domain_not_allowed',
  banned: 'com_auth_social_error_banned',
};

/** Why a social sign-in came back to the login page; an unknown reason reads as a provider error. */
export function SocialLoginError() {
  const localize = useLocalize();
  const [params] = useSearchParams();
  const reason = params.get('error');
  if (!reason) return null;
  return <Alert>{localize(messages[reason] ?? messages.provider_error)}</Alert>;
}
