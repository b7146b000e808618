import type { PluginDto } from '@protocol';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.js';
import { TextField } from '../../../components/text-field.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { pluginAuthBody, pluginAuthErrors } from '../utils/plugin-auth-values.js';

export interface PluginAuthFormProps {
  plugin: PluginDto;
  submitting: boolean;
  onSubmit: (auth: Record<string, string>) => void;
  onCancel: () => void;
}

/**
 * The credentials a tool needs before it installs (spec 001 §2, §5): one field per `authConfig`
 * entry, each required and at least 10 characters. Always empty at first: stored keys are never sent
 * back. Save is enabled only when the form is dirty, valid and not submitting.
 */
export function PluginAuthForm({ plugin, submitting, onSubmit, onCancel }: PluginAuthFormProps) {
  const localize = useLocalize();
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const errors = pluginAuthErrors(plugin.authConfig, values, localize);
  const valid = Object.keys(errors).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !submitting) onSubmit(pluginAuthBody(plugin.authConfig, values));
  };

  return (
    <form id={formId} onSubmit={submit} aria-label={localize('com_ui_plugin_auth_title', plugin.name)} className="flex flex-col gap-4 py-2">
      <p className="text-sm text-neutral-600 dark:text-neutral-300">{localize('com_ui_plugin_auth_intro', plugin.name)}</p>
      {plugin.authConfig.map((field) => (
        <TextField
          key={field.authField}
          label={field.label}
          hint={field.description}
          // Keys are secrets: typed blind, never offered back by the browser's autofill.
          type="password"
          autoComplete="off"
          value={values[field.authField] ?? ''}
          error={edited.has(field.authField) ? errors[field.authField] : undefined}
          onChange={(event) => {
            const value = event.target.value;
            setValues((current) => ({ ...current, [field.authField]: value }));
            setEdited((current) => new Set(current).add(field.authField));
          }}
        />
      ))}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {localize('com_ui_cancel')}
        </Button>
        <Button type="submit" disabled={edited.size === 0 || !valid || submitting}>
          {localize('com_ui_save')}
        </Button>
      </div>
    </form>
  );
}
