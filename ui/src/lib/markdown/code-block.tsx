import type { ReactNode } from 'react';
import { CopyButton } from '../../components/copy-button.js';
import { useLocalize } from '../i18n/index.js';

interface CodeBlockProps {
  /** From the fence (```ts), lower-case; empty when none was given. */
  language: string;
  /** The plain source, for the copy button. */
  code: string;
  children: ReactNode;
}

/** A fenced block: language label and copy button in a header bar, the (highlighted) code below. */
export function CodeBlock({ language, code, children }: CodeBlockProps) {
  const localize = useLocalize();
  return (
    <div className="code-block not-prose my-4 overflow-hidden rounded-xl border border-neutral-200 bg-neutral-50 dark:border-neutral-700/70 dark:bg-[#0d0d0d]">
      <div className="flex items-center justify-between border-b border-neutral-200 bg-neutral-100/80 px-4 py-1.5 text-xs text-neutral-600 dark:border-neutral-700/70 dark:bg-neutral-800/80 dark:text-neutral-300">
        <span className="font-mono lowercase">{language || localize('com_ui_code_block')}</span>
        <CopyButton
          text={code}
          label={localize('com_ui_copy_code')}
          copiedLabel={localize('com_ui_copied')}
          showLabel
          className="rounded-md px-1.5 py-1 hover:bg-neutral-200 hover:text-neutral-900 dark:hover:bg-neutral-700 dark:hover:text-white"
        />
      </div>
      {/* Code reads left to right in every language: in Arabic or Hebrew the page is right to left. */}
      <pre dir="ltr" className="overflow-x-auto p-4 text-start text-[13px] leading-relaxed">
        {children}
      </pre>
    </div>
  );
}
