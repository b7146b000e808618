import type { PluginDto } from '@protocol';
import { useState } from 'react';
import { Button } from '../../../components/button.js';
import { Dialog } from '../../../components/dialog.js';
import { Spinner } from '../../../components/spinner.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useAssistantToolsQuery } from '../api/assistants-api.js';

interface AssistantToolsProps {
  /** Function tool names of the form. */
  value: string[];
  onChange: (names: string[]) => void;
}

/**
 * The assistant's tools (spec 001 §2): its function tools by display name, each removable, and the
 * add-tools dialog over GET /api/assistants/tools. Changes stay in the form until it is saved (§4).
 */
export function AssistantTools({ value, onChange }: AssistantToolsProps) {
  const localize = useLocalize();
  const [open, setOpen] = useState(false);
  const tools = useAssistantToolsQuery();
  const byKey = new Map((tools.data ?? []).map((tool) => [tool.pluginKey, tool]));
  const toggle = (key: string) => onChange(value.includes(key) ? value.filter((name) => name !== key) : [...value, key]);

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{localize('com_assistants_tools')}</legend>
      <ul aria-label={localize('com_assistants_tools')} className="flex flex-col gap-1">
        {value.map((name) => (
          <li key={name} className="flex items-center gap-2 rounded-lg border border-neutral-200 px-2 py-1 text-sm dark:border-neutral-700">
            {byKey.get(name)?.icon && <img src={byKey.get(name)?.icon} alt="" className="size-5 rounded-sm bg-white object-contain" />}
            <span className="min-w-0 flex-1 truncate">{byKey.get(name)?.name ?? name}</span>
            <button type="button" className="text-xs text-neutral-500 hover:text-red-600" aria-label={localize('com_assistants_remove_tool', byKey.get(name)?.name ?? name)} onClick={() => toggle(name)}>
              ✕
            </button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" className="self-start px-3 py-1.5" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {localize('com_assistants_add_tools')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={localize('com_assistants_add_tools')} size="lg">
        <div className="flex flex-col gap-3 pb-3">
          {tools.isPending && <Spinner />}
          <ul aria-label={localize('com_assistants_available_tools')} className="grid min-w-[min(410px,100%)] grid-cols-1 gap-3 sm:grid-cols-2">
            {(tools.data ?? []).map((tool) => (
              <ToolCard key={tool.pluginKey} tool={tool} added={value.includes(tool.pluginKey)} onToggle={() => toggle(tool.pluginKey)} />
            ))}
          </ul>
        </div>
      </Dialog>
    </fieldset>
  );
}

function ToolCard({ tool, added, onToggle }: { tool: PluginDto; added: boolean; onToggle: () => void }) {
  const localize = useLocalize();
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-3 dark:border-neutral-700" data-added={added}>
      <div className="flex items-center gap-3">
        <img src={tool.icon} alt="" width={32} height={32} className="size-8 shrink-0 rounded-md bg-white object-contain" />
        <h3 className="min-w-0 flex-1 text-sm font-semibold break-words">{tool.name}</h3>
      </div>
      <p className="line-clamp-3 text-xs text-neutral-600 dark:text-neutral-300">{tool.description}</p>
      <Button
        variant={added ? 'secondary' : 'primary'}
        className="self-start px-3 py-1.5"
        aria-label={localize(added ? 'com_assistants_remove_tool' : 'com_assistants_add_tool', tool.name)}
        onClick={onToggle}
      >
        {localize(added ? 'com_assistants_remove' : 'com_assistants_add')}
      </Button>
    </li>
  );
}
