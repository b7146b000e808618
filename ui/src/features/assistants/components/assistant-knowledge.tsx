import type { AssistantDto } from '@protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '../../../components/button.js';
import { ApiError } from '../../../lib/api-client.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { filesQueryKey } from '../../../lib/query-keys.js';
import { useToast } from '../../../lib/toast/index.js';
import { putInList, uploadKnowledgeFile, useKnowledgeFilesQuery, useSaveAssistant } from '../api/assistants-api.js';

/**
 * Knowledge files (spec 001 §4): uploading needs a saved assistant whose saved tools include code
 * interpreter or retrieval; each listed file can be taken off the assistant.
 */
export function AssistantKnowledge({ assistant }: { assistant: AssistantDto | undefined }) {
  const localize = useLocalize();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const save = useSaveAssistant();
  const files = useKnowledgeFilesQuery(Boolean(assistant?.file_ids.length));
  const canUpload = Boolean(assistant?.tools.some((tool) => tool.type === 'code_interpreter' || tool.type === 'retrieval'));
  const names = new Map((files.data ?? []).map((file) => [file.file_id, file.filename]));

  const upload = async (file: File) => {
    if (!assistant) return;
    setUploading(true);
    try {
      putInList(queryClient, await uploadKnowledgeFile(assistant, file));
      void queryClient.invalidateQueries({ queryKey: filesQueryKey });
      showToast({ message: localize('com_ui_upload_success'), severity: 'success' });
    } catch (failure) {
      showToast({ message: failure instanceof ApiError && failure.message ? failure.message : localize('com_ui_upload_file_error'), severity: 'error' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{localize('com_assistants_knowledge')}</legend>
      {!canUpload && <p className="text-xs text-neutral-500 dark:text-neutral-400">{localize('com_assistants_knowledge_disabled')}</p>}
      {assistant && assistant.file_ids.length > 0 && (
        <ul aria-label={localize('com_assistants_knowledge')} className="flex flex-col gap-1">
          {assistant.file_ids.map((fileId) => (
            <li key={fileId} className="flex items-center gap-2 rounded-lg border border-neutral-200 px-2 py-1 text-sm dark:border-neutral-700">
              <span className="min-w-0 flex-1 truncate">{names.get(fileId) ?? fileId}</span>
              <button
                type="button"
                className="text-xs text-neutral-500 hover:text-red-600"
                aria-label={localize('com_assistants_remove_file', names.get(fileId) ?? fileId)}
                onClick={() => save.mutate({ id: assistant.id, body: { file_ids: assistant.file_ids.filter((id) => id !== fileId) } })}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" className="self-start px-3 py-1.5" disabled={!canUpload || uploading} onClick={() => input.current?.click()}>
        {localize(uploading ? 'com_ui_uploading' : 'com_assistants_upload_files')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="assistant-knowledge-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
    </fieldset>
  );
}
