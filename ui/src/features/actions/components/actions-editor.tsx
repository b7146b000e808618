import { validateSpec, type ActionDto, type SpecValidation } from '@protocol';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useToast } from '../../../lib/toast/index.js';
import { useDeleteAction, useSaveAction } from '../api/actions-api.js';
import { exampleSpecs, type ExampleName } from '../utils/example-specs.js';
import { ActionAuthDialog, type ActionAuthState } from './action-auth-dialog.js';

/** Spec 001 §4: the schema is checked this long after typing stops. */
export const SPEC_VALIDATION_DELAY_MS = 800;

export interface ActionsEditorProps {
  /** The saved assistant; undefined while it is new (actions are then disabled). */
  assistantId: string | undefined;
  /** The action to edit; absent to add one. */
  action?: ActionDto;
  /** The assistant's model (the DELETE route names it). */
  model?: string;
  onClose: () => void;
}

const inputClass = 'w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm dark:border-neutral-600 dark:bg-neutral-800';

/**
 * The actions editor (spec 001 §2, issue 19 §5): paste an OpenAPI spec (or start from an example), see
 * its operations once it validates, set the authentication and privacy policy, create, update or
 * delete. Self-contained so the assistant builder mounts it with one line.
 */
export function ActionsEditor({ assistantId, action, model = '', onClose }: ActionsEditorProps) {
  const localize = useLocalize();
  const { showToast } = useToast();
  const [spec, setSpec] = useState(action?.metadata.raw_spec ?? '');
  const [validation, setValidation] = useState<SpecValidation | null>(null);
  const [privacyPolicy, setPrivacyPolicy] = useState(action?.metadata.privacy_policy_url ?? '');
  const [authState, setAuthState] = useState<ActionAuthState>({ auth: action?.metadata.auth ?? { type: 'none' }, api_key: '', oauth_client_id: '', oauth_client_secret: '' });
  const [authOpen, setAuthOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveAction(assistantId ?? '');
  const remove = useDeleteAction(assistantId ?? '');

  useEffect(() => {
    if (!spec.trim()) return setValidation(null);
    const timer = setTimeout(() => setValidation(validateSpec(spec)), SPEC_VALIDATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [spec]);

  if (!assistantId) {
    return (
      <p role="status" className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm dark:bg-amber-900/30">
        {localize('com_assistants_actions_disabled')}
      </p>
    );
  }

  const functions = validation?.status ? validation.functions : [];
  const operations = validation?.status ? validation.operations : [];
  const busy = save.isPending || remove.isPending;
  const authLabel = { none: 'com_assistants_auth_none', service_http: 'com_assistants_auth_api_key', oauth: 'com_assistants_auth_oauth' } as const;

  const submit = () => {
    const { auth, api_key, oauth_client_id, oauth_client_secret } = authState;
    const secrets = auth.type === 'service_http' ? { ...(api_key ? { api_key } : {}) } : auth.type === 'oauth' ? { ...(oauth_client_id ? { oauth_client_id } : {}), ...(oauth_client_secret ? { oauth_client_secret } : {}) } : {};
    save.mutate(
      { ...(action ? { action_id: action.action_id } : {}), model, functions, metadata: { raw_spec: spec, ...(privacyPolicy ? { privacy_policy_url: privacyPolicy } : {}), auth, ...secrets } },
      {
        onSuccess: () => {
          showToast({ message: localize('com_assistants_action_saved'), severity: 'success' });
          onClose();
        },
        onError: (error) => showToast({ message: localize('com_assistants_action_error', error.message), severity: 'error' }),
      },
    );
  };

  return (
    <section aria-label={localize(action ? 'com_assistants_edit_action' : 'com_assistants_add_action')} className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{localize(action ? 'com_assistants_edit_action' : 'com_assistants_add_action')}</h2>
        <Button variant="ghost" onClick={onClose}>
          {localize('com_assistants_back')}
        </Button>
      </div>

      <div className="flex items-center justify-between gap-2">
        <label htmlFor="action-schema" className="text-sm font-medium">
          {localize('com_assistants_schema')}
        </label>
        <select
          aria-label={localize('com_assistants_examples')}
          value=""
          onChange={(event) => event.target.value && setSpec(exampleSpecs[event.target.value as ExampleName])}
          className="rounded-lg border border-neutral-300 bg-white px-2 py-1 text-sm dark:border-neutral-600 dark:bg-neutral-800"
        >
          <option value="">{localize('com_assistants_examples')}</option>
          <option value="weather">{localize('com_assistants_example_weather')}</option>
          <option value="petstore">{localize('com_assistants_example_petstore')}</option>
          <option value="blank">{localize('com_assistants_example_blank')}</option>
        </select>
      </div>
      <textarea id="action-schema" value={spec} onChange={(event) => setSpec(event.target.value)} rows={14} spellCheck={false} className={`${inputClass} font-mono`} />
      {validation && (
        <div role="status" aria-live="polite" className={`whitespace-pre-line text-sm ${validation.status ? 'text-green-700 dark:text-green-400' : 'text-red-600 dark:text-red-400'}`}>
          {validation.message}
        </div>
      )}

      {operations.length > 0 && (
        <table aria-label={localize('com_assistants_available_actions')} className="w-full text-left text-sm">
          <caption className="mb-1 text-left font-medium">{localize('com_assistants_available_actions')}</caption>
          <thead>
            <tr>
              <th className="py-1">{localize('com_assistants_action_name')}</th>
              <th className="py-1">{localize('com_assistants_action_method')}</th>
              <th className="py-1">{localize('com_assistants_action_path')}</th>
            </tr>
          </thead>
          <tbody>
            {operations.map((operation) => (
              <tr key={operation.operationId} className="border-t border-neutral-200 dark:border-neutral-700">
                <td className="py-1 font-mono">{operation.operationId}</td>
                <td className="py-1">{operation.method}</td>
                <td className="py-1 font-mono">{operation.path}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium">{localize('com_assistants_authentication')}</span>
        <span>{localize(authLabel[authState.auth.type])}</span>
        <Button variant="secondary" onClick={() => setAuthOpen(true)}>
          {localize('com_assistants_set_authentication')}
        </Button>
      </div>

      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{localize('com_assistants_privacy_policy')}</span>
        <input type="url" value={privacyPolicy} onChange={(event) => setPrivacyPolicy(event.target.value)} className={inputClass} placeholder="https://" />
      </label>

      <div className="flex justify-end gap-2">
        {action && (
          <Button variant="ghost" disabled={busy} onClick={() => setConfirmDelete(true)}>
            {localize('com_ui_delete')}
          </Button>
        )}
        <Button disabled={busy || functions.length === 0} onClick={submit}>
          {localize(action ? 'com_assistants_update_action' : 'com_assistants_create_action')}
        </Button>
      </div>

      {authOpen && (
        <ActionAuthDialog
          initial={authState}
          hasStoredSecrets={Boolean(action && action.metadata.auth.type !== 'none')}
          onClose={() => setAuthOpen(false)}
          onSave={(state) => {
            setAuthState(state);
            setAuthOpen(false);
          }}
        />
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={localize('com_ui_delete')}
        confirmLabel={localize('com_ui_delete')}
        pending={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          action &&
          remove.mutate(
            { actionId: action.action_id, model },
            {
              onSuccess: () => {
                showToast({ message: localize('com_assistants_action_deleted'), severity: 'success' });
                onClose();
              },
              onError: (error) => showToast({ message: localize('com_assistants_action_error', error.message), severity: 'error' }),
            },
          )
        }
      >
        {localize('com_assistants_delete_action_confirm')}
      </ConfirmDialog>
    </section>
  );
}
