import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/button.js';
import { useLocalize } from '../../../lib/i18n/index.js';

interface MessageEditorProps {
  initialText: string;
  saveAndSubmitDisabled: boolean;
  onSaveAndSubmit(text: string): void;
  onSave(text: string): void;
  onCancel(): void;
}

/** Edit mode of a message: Save & Submit, Save, Cancel (Escape cancels too). */
export function MessageEditor({ initialText, saveAndSubmitDisabled, onSaveAndSubmit, onSave, onCancel }: MessageEditorProps) {
  const localize = useLocalize();
  const [text, setText] = useState(initialText);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  useEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  useEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight}px`;
  }, [text]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  const empty = text.trim().length === 0;

  return (
    <div className="w-full rounded-2xl border border-neutral-300 bg-white p-3 shadow-xs dark:border-neutral-600 dark:bg-neutral-800">
      <label htmlFor={id} className="sr-only">
        {localize('com_ui_edit_message')}
      </label>
      <textarea
        id={id}
        ref={textarea}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={1}
        className="max-h-[50vh] w-full resize-none bg-transparent px-1 text-base leading-relaxed outline-none"
      />
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" className="px-3 py-1.5" onClick={onCancel}>
          {localize('com_ui_cancel')}
        </Button>
        <Button variant="secondary" className="px-3 py-1.5" disabled={empty} onClick={() => onSave(text)}>
          {localize('com_ui_save')}
        </Button>
        <Button className="px-3 py-1.5" disabled={empty || saveAndSubmitDisabled} onClick={() => onSaveAndSubmit(text)}>
          {localize('com_ui_save_submit')}
        </Button>
      </div>
    </div>
  );
}
