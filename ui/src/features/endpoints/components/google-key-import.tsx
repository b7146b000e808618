import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.js';
import { ImportIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { readFileText } from '../../../lib/read-file-text.js';
import { parseServiceAccount, type ServiceAccount } from '../utils/key-form.js';

type ImportStatus = { state: 'neutral' } | { state: 'success'; fileName: string } | { state: 'invalid' };

/** Spec 000 §4/§5: import a Google service account key file; neutral, success or invalid. */
export function GoogleKeyImport({ onImport }: { onImport: (account: ServiceAccount | null) => void }) {
  const localize = useLocalize();
  const inputRef = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [status, setStatus] = useState<ImportStatus>({ state: 'neutral' });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const account = parseServiceAccount(file.name, await readFileText(file).catch(() => ''));
    setStatus(account ? { state: 'success', fileName: file.name } : { state: 'invalid' });
    onImport(account);
    // The same file may be chosen again after a fix.
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className="flex flex-col gap-2">
      <input
        ref={inputRef}
        type="file"
        accept=".json,application/json"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="service-account-file"
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <Button variant="secondary" onClick={() => inputRef.current?.click()} aria-describedby={status.state === 'neutral' ? undefined : statusId}>
        <ImportIcon />
        {localize('com_endpoint_import_service_account')}
      </Button>
      {status.state === 'success' && (
        <p id={statusId} role="status" className="text-xs text-emerald-700 dark:text-emerald-400">
          {localize('com_endpoint_service_account_imported', status.fileName)}
        </p>
      )}
      {status.state === 'invalid' && (
        <p id={statusId} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {localize('com_endpoint_invalid_service_account')}
        </p>
      )}
    </div>
  );
}
