import { isRetrievalMimeType, type AssistantDto, type FileDto } from '@protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.js';
import { ApiError } from '../../../lib/api-client.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { filesQueryKey } from '../../../lib/query-keys.js';
import { useToast } from '../../../lib/toast/index.js';
import { putInList, uploadKnowledgeFile, useKnowledgeFilesQuery, useSaveAssistant } from '../api/assistants-api.js';

/**
 * The knowledge files in spec 001's two groups: those of retrieval's types (retrieval and the code
 * interpreter read them), then the rest, which only the code interpreter reads. A file whose record
 * is not loaded yet stays in the first group until its type is known.
 */
function KnowledgeLists({ assistant, files, onRemove }: { assistant: AssistantDto; files: readonly FileDto[] | undefined; onRemove: (fileId: string) => void }) {
  const localize = useLocalize();
  const codeOnlyHeading = useId();
  const records = new Map((files ?? []).map((file) => [file.file_id, file]));
  const codeOnly = (fileId: string) => {
    const type = records.get(fileId)?.type;
    return type !== undefined && !isRetrievalMimeType(type);
  };
  const both = assistant.file_ids.filter((fileId) => !codeOnly(fileId));
  const interpreterOnly = assistant.file_ids.filter(codeOnly);
  const row = (fileId: string) => {
    const name = records.get(fileId)?.filename ?? fileId;
    return (
      <li key={fileId} className="flex items-center gap-2 rounded-lg border border-neutral-200 px-2 py-1 text-sm dark:border-neutral-700">
        <span className="min-w-0 flex-1 truncate">{name}</span>
        <button type="button" className="text-xs text-neutral-500 hover:text-red-600" aria-label={localize('com_assistants_remove_file', name)} onClick={() => onRemove(fileId)}>
          ✕
        </button>
      </li>
    );
  };
  return (
    <>
      {both.length > 0 && (
        <ul aria-label={localize('com_assistants_knowledge')} className="flex flex-col gap-1">
          {both.map(row)}
        </ul>
      )}
      {interpreterOnly.length > 0 && (
        <>
          <p id={codeOnlyHeading} className="text-xs text-neutral-500 dark:text-neutral-400">
            {localize('com_assistants_code_interpreter_files')}
          </p>
          <ul aria-labelledby={codeOnlyHeading} className="flex flex-col gap-1">
            {interpreterOnly.map(row)}
          </ul>
        </>
      )}
    </>
  );
}

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
      {assistant && <KnowledgeLists assistant={assistant} files={files.data} onRemove={(fileId) => save.mutate({ id: assistant.id, body: { file_ids: assistant.file_ids.filter((id) => id !== fileId) } })} />}
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
