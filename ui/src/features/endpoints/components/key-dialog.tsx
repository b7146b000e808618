import { useQuery } from '@tanstack/react-query';
import { NEVER_EXPIRES_AT } from '@protocol';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.js';
import { Dialog } from '../../../components/dialog.js';
import { TextField } from '../../../components/text-field.js';
import { endpointKind, endpointLabel, getUserKeyExpiryQueryOptions, isUserKeyValid, keyNameFor, useEndpointsQuery } from '../../../lib/endpoints/index.js';
import { useLocalize, type TranslationKey } from '../../../lib/i18n/index.js';
import { useToast } from '../../../lib/toast/index.js';
import { useRevokeUserKey } from '../api/revoke-user-key.js';
import { useSaveUserKey } from '../api/save-user-key.js';
import {
  DEFAULT_KEY_EXPIRY,
  buildKeyValue,
  expiresAtFor,
  keyExpiryChoices,
  keyFormKind,
  missingKeyFields,
  visibleKeyFields,
  type KeyExpiryId,
  type KeyField,
  type ServiceAccount,
} from '../utils/key-form.js';
import { GoogleKeyImport } from './google-key-import.js';

const fieldLabels: Record<KeyField, TranslationKey> = {
  apiKey: 'com_endpoint_api_key',
  baseURL: 'com_endpoint_base_url',
  azureOpenAIApiKey: 'com_endpoint_azure_api_key',
  azureOpenAIApiInstanceName: 'com_endpoint_azure_instance_name',
  azureOpenAIApiDeploymentName: 'com_endpoint_azure_deployment_name',
  azureOpenAIApiVersion: 'com_endpoint_azure_api_version',
};

// The legacy endpoints' one secret is no API key: Bing takes the browser's cookies, ChatGPT's
// backend a session access token.
const secretLabels: Partial<Record<string, TranslationKey>> = { bingAI: 'com_endpoint_bing_cookies', chatGPTBrowser: 'com_endpoint_chatgpt_access_token' };

export interface KeyDialogProps {
  /** The endpoint's name as GET /api/endpoints lists it. */
  endpoint: string;
  open: boolean;
  onClose: () => void;
}

/**
 * Spec 000 §4/§5 key dialog: the fields the endpoint needs, an expiry (12 hours by default), and
 * a revoke button when a key is saved. Missing fields keep it open with an error toast.
 */
export function KeyDialog({ endpoint, open, onClose }: KeyDialogProps) {
  const localize = useLocalize();
  const { showToast } = useToast();
  const formId = useId();
  const expiryId = useId();
  const { data: endpointsConfig } = useEndpointsQuery();
  const entry = endpointsConfig?.[endpoint];
  const formKind = keyFormKind(endpoint, endpointKind(endpoint, endpointsConfig), entry);
  const fields = visibleKeyFields(formKind, entry);
  const keyName = keyNameFor(endpoint);
  const expiry = useQuery({ ...getUserKeyExpiryQueryOptions(keyName), enabled: open });
  const hasKey = isUserKeyValid(expiry.data);

  const [values, setValues] = useState<Partial<Record<KeyField, string>>>({});
  const [serviceAccount, setServiceAccount] = useState<ServiceAccount | null>(null);
  const [expiryChoice, setExpiryChoice] = useState<KeyExpiryId>(DEFAULT_KEY_EXPIRY);
  const save = useSaveUserKey();
  const revoke = useRevokeUserKey();
  const label = endpointLabel(endpoint);

  const close = () => {
    setValues({});
    setServiceAccount(null);
    setExpiryChoice(DEFAULT_KEY_EXPIRY);
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = formKind === 'google' && serviceAccount ? [] : missingKeyFields(fields, values);
    if (missing.length > 0) {
      showToast({ message: localize('com_endpoint_config_required_fields') + missing.join(', '), severity: 'error' });
      return;
    }
    const body = { name: keyName, value: buildKeyValue(formKind, fields, values, serviceAccount), expiresAt: expiresAtFor(expiryChoice) };
    save.mutate(body, {
      onSuccess: () => {
        showToast({ message: localize('com_endpoint_key_saved', label), severity: 'success' });
        close();
      },
      onError: (error) => showToast({ message: `${localize('com_endpoint_key_save_failed')} ${error.message}`, severity: 'error' }),
    });
  };

  const onRevoke = () =>
    revoke.mutate(keyName, {
      onSuccess: () => showToast({ message: localize('com_endpoint_key_revoked', label), severity: 'info' }),
      onError: (error) => showToast({ message: error.message, severity: 'error' }),
    });

  const expiresAt = expiry.data?.expiresAt;
  return (
    <Dialog
      open={open}
      onClose={close}
      title={localize('com_endpoint_config_key_for', label)}
      description={localize('com_endpoint_config_key_encryption')}
      footer={
        <>
          {hasKey && (
            <Button variant="ghost" onClick={onRevoke} disabled={revoke.isPending} className="me-auto text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40">
              {localize('com_endpoint_revoke_key')}
            </Button>
          )}
          <Button variant="secondary" onClick={close}>
            {localize('com_ui_cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {localize('com_ui_submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-4 pb-1">
        {hasKey && (
          <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200">
            {expiresAt && expiresAt !== NEVER_EXPIRES_AT ? localize('com_endpoint_key_expires_at', new Date(expiresAt).toLocaleString()) : localize('com_endpoint_key_never_expires')}
          </p>
        )}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={expiryId} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
            {localize('com_endpoint_key_expires_in')}
          </label>
          <select
            id={expiryId}
            value={expiryChoice}
            onChange={(event) => setExpiryChoice(event.target.value as KeyExpiryId)}
            className="w-full rounded-lg border border-neutral-300 bg-white px-3 py-2.5 text-sm dark:border-neutral-600 dark:bg-neutral-900"
          >
            {keyExpiryChoices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {localize(choice.labelKey)}
              </option>
            ))}
          </select>
        </div>
        {fields.map((field) => (
          <TextField
            key={field}
            name={field}
            label={localize((field === 'apiKey' && secretLabels[endpointKind(endpoint, endpointsConfig)]) || fieldLabels[field])}
            type={field === 'baseURL' ? 'url' : field === 'apiKey' || field === 'azureOpenAIApiKey' ? 'password' : 'text'}
            autoComplete="off"
            spellCheck={false}
            disabled={formKind === 'google' && Boolean(serviceAccount)}
            placeholder={field === 'baseURL' ? 'https://' : undefined}
            value={values[field] ?? ''}
            onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
          />
        ))}
        {formKind === 'google' && (
          <>
            <div className="flex items-center gap-3 text-xs text-neutral-500 dark:text-neutral-400" aria-hidden="true">
              <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
              {localize('com_auth_or')}
              <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
            </div>
            <GoogleKeyImport onImport={setServiceAccount} />
          </>
        )}
      </form>
    </Dialog>
  );
}
