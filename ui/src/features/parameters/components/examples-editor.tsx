import { useId } from 'react';
import { Button } from '../../../components/button.js';
import { MinusIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { addExample, examplesForDisplay, removeExample, updateExample, type Example } from '../utils/examples.js';

const fieldClass =
  'min-h-14 w-full resize-y rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm placeholder:text-neutral-400 dark:border-neutral-600 dark:bg-neutral-900';

/** Google's example pairs: always at least one (removing the last empties it instead). */
export function ExamplesEditor({ value, onChange }: { value: Example[] | null | undefined; onChange: (examples: Example[]) => void }) {
  const localize = useLocalize();
  const id = useId();
  const examples = examplesForDisplay(value);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1.5 text-sm font-medium text-neutral-800 dark:text-neutral-200">{localize('com_endpoint_examples')}</legend>
      {examples.map((example, index) => {
        const number = index + 1;
        return (
          <div key={index} role="group" aria-label={localize('com_endpoint_example_number', number)} className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-2.5 dark:border-neutral-700">
            <div className="flex items-center justify-between">
              <span className="text-xs font-medium text-neutral-500 dark:text-neutral-400">{localize('com_endpoint_example_number', number)}</span>
              <button
                type="button"
                onClick={() => onChange(removeExample(value, index))}
                aria-label={localize('com_endpoint_remove_example', number)}
                className="rounded-md p-1 text-neutral-400 hover:bg-neutral-100 hover:text-neutral-800 dark:hover:bg-neutral-700 dark:hover:text-white"
              >
                <MinusIcon />
              </button>
            </div>
            <label htmlFor={`${id}-${index}-input`} className="sr-only">
              {`${localize('com_endpoint_example_number', number)} ${localize('com_endpoint_example_input')}`}
            </label>
            <textarea
              id={`${id}-${index}-input`}
              rows={2}
              value={example.input.content}
              placeholder={localize('com_endpoint_example_input')}
              onChange={(event) => onChange(updateExample(value, index, 'input', event.target.value))}
              className={fieldClass}
            />
            <label htmlFor={`${id}-${index}-output`} className="sr-only">
              {`${localize('com_endpoint_example_number', number)} ${localize('com_endpoint_example_output')}`}
            </label>
            <textarea
              id={`${id}-${index}-output`}
              rows={2}
              value={example.output.content}
              placeholder={localize('com_endpoint_example_output')}
              onChange={(event) => onChange(updateExample(value, index, 'output', event.target.value))}
              className={fieldClass}
            />
          </div>
        );
      })}
      <Button variant="secondary" onClick={() => onChange(addExample(value))} className="self-start py-1.5">
        {localize('com_endpoint_add_example')}
      </Button>
    </fieldset>
  );
}
