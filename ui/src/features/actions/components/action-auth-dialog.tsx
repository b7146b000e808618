import type { ActionAuthDto } from '@protocol';
import { useState } from 'react';
import { Button } from '../../../components/button.js';
import { Dialog } from '../../../components/dialog.js';
import { useLocalize, type TranslationKey } from '../../../lib/i18n/index.js';

/** The auth settings and the secrets typed in this dialog (empty secret: keep the stored one). */
export interface ActionAuthState {
  auth: ActionAuthDto;
  api_key: string;
  oauth_client_id: string;
  oauth_client_secret: string;
}

const inputClass = 'w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm dark:border-neutral-600 dark:bg-neutral-800';

function Field({ label, value, onChange, type = 'text' }: { label: string; value: string; onChange: (value: string) => void; type?: string }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <input type={type} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass} autoComplete="off" />
    </label>
  );
}

function Choice<T extends string>({ legend, name, value, options, onChange }: { legend: string; name: string; value: T; options: Array<[T, string]>; onChange: (value: T) => void }) {
  return (
    <fieldset className="flex flex-col gap-1 text-sm">
      <legend className="mb-1 font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map(([option, label]) => (
          <label key={option} className="flex items-center gap-1">
            <input type="radio" name={name} checked={value === option} onChange={() => onChange(option)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Spec 001 §2's authentication dialog: None, API Key (Basic, Bearer or a custom header) or OAuth
 * client credentials (chatbox runs it). Save checks the required fields of spec 001 §5; a secret left
 * empty on an existing action keeps the stored one (`hasStoredSecrets`).
 */
export function ActionAuthDialog({ initial, hasStoredSecrets, onSave, onClose }: { initial: ActionAuthState; hasStoredSecrets: boolean; onSave: (state: ActionAuthState) => void; onClose: () => void }) {
  const localize = useLocalize();
  const [state, setState] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const auth = state.auth;
  const setAuth = (patch: Partial<ActionAuthDto>) => setState((current) => ({ ...current, auth: { ...current.auth, ...patch } }));
  const set = (field: 'api_key' | 'oauth_client_id' | 'oauth_client_secret') => (value: string) => setState((current) => ({ ...current, [field]: value }));
  const required = (key: TranslationKey) => localize('com_assistants_field_required', localize(key));

  const check = (): string | null => {
    const keepsSecret = hasStoredSecrets && initial.auth.type === auth.type;
    if (auth.type === 'service_http') {
      if (!state.api_key && !keepsSecret) return required('com_assistants_auth_api_key');
      if (auth.authorization_type === 'custom' && !auth.custom_auth_header) return required('com_assistants_custom_header');
    }
    if (auth.type === 'oauth') {
      if (!state.oauth_client_id && !keepsSecret) return required('com_assistants_client_id');
      if (!state.oauth_client_secret && !keepsSecret) return required('com_assistants_client_secret');
      if (!auth.authorization_url) return required('com_assistants_authorization_url');
      if (!auth.client_url) return required('com_assistants_token_url');
      if (!auth.scope) return required('com_assistants_scope');
    }
    return null;
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={localize('com_assistants_authentication')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {localize('com_ui_cancel')}
          </Button>
          <Button
            onClick={() => {
              const found = check();
              setProblem(found);
              if (!found) onSave(state);
            }}
          >
            {localize('com_ui_save')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Choice
          legend={localize('com_assistants_auth_type')}
          name="action-auth-type"
          value={auth.type}
          options={[
            ['none', localize('com_assistants_auth_none')],
            ['service_http', localize('com_assistants_auth_api_key')],
            ['oauth', localize('com_assistants_auth_oauth')],
          ]}
          onChange={(type) => setAuth({ type, authorization_type: auth.authorization_type ?? 'basic', token_exchange_method: auth.token_exchange_method ?? 'default_post' })}
        />
        {auth.type === 'service_http' && (
          <>
            <Field label={localize('com_assistants_auth_api_key')} type="password" value={state.api_key} onChange={set('api_key')} />
            <Choice
              legend={localize('com_assistants_auth_scheme')}
              name="action-auth-scheme"
              value={auth.authorization_type ?? 'basic'}
              options={[
                ['basic', localize('com_assistants_auth_basic')],
                ['bearer', localize('com_assistants_auth_bearer')],
                ['custom', localize('com_assistants_auth_custom')],
              ]}
              onChange={(authorization_type) => setAuth({ authorization_type })}
            />
            {auth.authorization_type === 'custom' && <Field label={localize('com_assistants_custom_header')} value={auth.custom_auth_header ?? ''} onChange={(custom_auth_header) => setAuth({ custom_auth_header })} />}
          </>
        )}
        {auth.type === 'oauth' && (
          <>
            <Field label={localize('com_assistants_client_id')} type="password" value={state.oauth_client_id} onChange={set('oauth_client_id')} />
            <Field label={localize('com_assistants_client_secret')} type="password" value={state.oauth_client_secret} onChange={set('oauth_client_secret')} />
            <Field label={localize('com_assistants_authorization_url')} value={auth.authorization_url ?? ''} onChange={(authorization_url) => setAuth({ authorization_url })} />
            <Field label={localize('com_assistants_token_url')} value={auth.client_url ?? ''} onChange={(client_url) => setAuth({ client_url })} />
            <Field label={localize('com_assistants_scope')} value={auth.scope ?? ''} onChange={(scope) => setAuth({ scope })} />
            <Choice
              legend={localize('com_assistants_token_exchange_method')}
              name="action-token-exchange"
              value={auth.token_exchange_method ?? 'default_post'}
              options={[
                ['default_post', localize('com_assistants_default_post')],
                ['basic_auth_header', localize('com_assistants_basic_auth_header')],
              ]}
              onChange={(token_exchange_method) => setAuth({ token_exchange_method })}
            />
          </>
        )}
        {problem && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {problem}
          </p>
        )}
      </div>
    </Dialog>
  );
}
