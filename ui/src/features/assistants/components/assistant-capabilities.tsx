import { useLocalize, type TranslationKey } from '../../../lib/i18n/index.js';
import { capabilityFlags, type AssistantFormValues, type CapabilityFlag } from '../utils/assistant-form.js';

const labels: Record<CapabilityFlag, TranslationKey> = {
  code_interpreter: 'com_assistants_code_interpreter',
  image_vision: 'com_assistants_image_vision',
  retrieval: 'com_assistants_retrieval',
};

interface AssistantCapabilitiesProps {
  values: AssistantFormValues;
  /** The endpoint's `capabilities`: a flag it leaves out is not shown (spec 001 §6). */
  capabilities: readonly string[];
  canRetrieve: boolean;
  onChange: (patch: Partial<AssistantFormValues>) => void;
}

/** The capability checkboxes; retrieval is disabled for a model outside the retrieval models. */
export function AssistantCapabilities({ values, capabilities, canRetrieve, onChange }: AssistantCapabilitiesProps) {
  const localize = useLocalize();
  const shown = capabilityFlags.filter((flag) => capabilities.includes(flag));
  if (shown.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium">{localize('com_assistants_capabilities')}</legend>
      {shown.map((flag) => {
        const disabled = flag === 'retrieval' && !canRetrieve;
        return (
          <label key={flag} className="flex items-center gap-2 text-sm" title={disabled ? localize('com_assistants_retrieval_unavailable', values.model) : undefined}>
            <input type="checkbox" className="size-4" checked={values[flag]} disabled={disabled} onChange={(event) => onChange({ [flag]: event.target.checked })} />
            {localize(labels[flag])}
          </label>
        );
      })}
    </fieldset>
  );
}
