import { useId } from 'react';
import { AppLogo } from '../../../components/app-logo.js';
import { ArrowUpIcon } from '../../../components/icons.js';
import { Spinner } from '../../../components/spinner.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useStartupConfig } from '../../../lib/startup-config/get-startup-config.js';
import { ChatFooter } from './chat-footer.js';

/**
 * /c/:conversationId. For now only the landing view of a new chat: messages, streaming and the
 * endpoint picker come with the chat issue, so the input is shown but disabled.
 */
export function ChatView() {
  const localize = useLocalize();
  const { config, isLoading } = useStartupConfig();
  const inputId = useId();
  const noteId = useId();

  if (isLoading) {
    return (
      <div className="flex h-full items-center justify-center">
        <Spinner />
      </div>
    );
  }

  return (
    <div className="flex h-full flex-col">
      <section className="flex flex-1 flex-col items-center justify-center px-4 text-center">
        <AppLogo className="mb-5 size-12" />
        <h2 className="text-2xl font-semibold tracking-tight">{config.appTitle}</h2>
        <p className="mt-2 text-lg text-neutral-500 dark:text-neutral-400">{localize('com_ui_how_can_i_help')}</p>
      </section>

      <div className="mx-auto w-full max-w-3xl px-4">
        <div className="flex items-end gap-2 rounded-3xl border border-neutral-200 bg-white px-4 py-3 shadow-sm dark:border-neutral-700 dark:bg-neutral-800">
          <label htmlFor={inputId} className="sr-only">
            {localize('com_ui_message_placeholder', config.appTitle)}
          </label>
          <textarea
            id={inputId}
            rows={1}
            disabled
            aria-describedby={noteId}
            placeholder={localize('com_ui_message_placeholder', config.appTitle)}
            className="max-h-[65vh] min-h-[28px] flex-1 resize-none bg-transparent py-0.5 text-base outline-none placeholder:text-neutral-400 disabled:cursor-not-allowed"
          />
          <button
            type="button"
            disabled
            aria-label={localize('com_ui_send_message')}
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-neutral-900 text-white disabled:opacity-30 dark:bg-white dark:text-neutral-900"
          >
            <ArrowUpIcon />
          </button>
        </div>
        <p id={noteId} className="mt-2 text-center text-xs text-neutral-500 dark:text-neutral-400">
          {localize('com_ui_chat_coming_soon', config.appTitle)}
        </p>
      </div>
      <ChatFooter config={config} />
    </div>
  );
}
