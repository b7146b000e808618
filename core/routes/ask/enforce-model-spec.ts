import type { ModelSpecsConfig } from '../../../config/schema/model-specs.js';
import { ChatboxError } from '../../errors/index.js';

interface AskChoice {
  endpoint: string;
  model?: string | null;
  spec?: string | null;
}

/**
 * `modelSpecs.enforce`: an ask must use one of the specs. A client that names its spec (chatbox's
 * UI) must match that spec; one that does not (LibreChat v0.7.1's client knows no specs) must match
 * any spec's endpoint and model. Other options (temperature, instructions) stay the user's, as the
 * picker lets them be tuned when `parameters` is on.
 */
export function enforceModelSpec(specs: ModelSpecsConfig | undefined, choice: AskChoice): void {
  if (!specs?.enforce) return;
  const candidates = choice.spec ? specs.list.filter((spec) => spec.name === choice.spec) : specs.list;
  const matches = candidates.some(
    (spec) => spec.preset.endpoint === choice.endpoint && (!spec.preset.model || spec.preset.model === choice.model),
  );
  if (matches) return;
  const described = choice.spec ? `spec "${choice.spec}" with ${choice.endpoint}` : `${choice.endpoint}`;
  throw new ChatboxError('no_valid_spec', undefined, { choice: choice.model ? `${described} / ${choice.model}` : described });
}
