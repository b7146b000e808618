import type { ActionDto, AssistantDto } from '@protocol';
import { useAuth } from '../../../lib/auth/index.js';
import { useChatSetup } from '../../../lib/chat-setup/index.js';
import { EndpointIcon, type EndpointsConfig } from '../../../lib/endpoints/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { SpecIcon, activeSpec, useModelSpecs } from '../../../lib/model-specs/index.js';
import { useInterfaceSettings } from '../../../lib/startup-config/use-interface-settings.js';

/**
 * A conversation without messages: the mark of its model spec or endpoint and the welcome line,
 * librechat.yaml `interface.customWelcome` when set (`{{user.name}}` is the user's name). An
 * assistant's landing links the privacy policies of the APIs its actions call (spec 001 §2).
 */
export function Landing({ endpoint, endpointsConfig, assistant, actions = [] }: { endpoint: string | null; endpointsConfig?: EndpointsConfig; assistant?: AssistantDto; actions?: ActionDto[] }) {
  const localize = useLocalize();
  const { customWelcome } = useInterfaceSettings();
  const { user } = useAuth();
  const { setup } = useChatSetup();
  const spec = activeSpec(setup, useModelSpecs().offered);
  const welcome = customWelcome?.trim() ? customWelcome.replaceAll('{{user.name}}', user?.name || user?.username || '') : localize('com_ui_how_can_i_help');
  return (
    <section className="flex min-h-0 flex-1 flex-col items-center justify-center px-4 pb-8 text-center">
      <div className="mb-5 rounded-full shadow-sm ring-1 ring-black/5 dark:ring-white/10">
        {assistant && typeof assistant.metadata.avatar === 'string' ? (
          <img src={assistant.metadata.avatar} alt="" className="size-16 rounded-full object-cover" />
        ) : spec ? (
          <SpecIcon spec={spec} endpointsConfig={endpointsConfig} size="lg" className="rounded-full" />
        ) : (
          <EndpointIcon endpoint={endpoint} endpointsConfig={endpointsConfig} size="lg" className="rounded-full" />
        )}
      </div>
      <p className="text-2xl font-semibold tracking-tight text-neutral-900 md:text-[28px] dark:text-neutral-100">{assistant?.name || welcome}</p>
      {assistant?.description && <p className="mt-2 max-w-md text-sm text-neutral-500 dark:text-neutral-400">{assistant.description}</p>}
      {spec?.description && <p className="mt-2 max-w-md text-sm text-neutral-500 dark:text-neutral-400">{spec.description}</p>}
      {assistant && actions.some((action) => action.metadata.privacy_policy_url) && (
        <ul aria-label={localize('com_ui_privacy_policy')} className="mt-3 flex flex-wrap justify-center gap-x-4 text-xs text-neutral-500 dark:text-neutral-400">
          {actions.map(({ action_id, metadata }) =>
            metadata.privacy_policy_url ? (
              <li key={action_id}>
                <a href={metadata.privacy_policy_url} target="_blank" rel="noopener noreferrer" className="underline hover:text-neutral-800 dark:hover:text-neutral-200">
                  {`${localize('com_ui_privacy_policy')}: ${metadata.domain}`}
                </a>
              </li>
            ) : null,
          )}
        </ul>
      )}
    </section>
  );
}
