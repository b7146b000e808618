import { canCallTools, catalogueEntry } from '@protocol';

/**
 * What the tool picker offers for an endpoint (by kind) and model: nothing for endpoints that are no
 * chat (assistants keep their own tools), a note when the model cannot call tools, else the tools.
 * The server decides the same with the same list (core/protocol/tool-capable-models.ts).
 */
export function toolAvailability(kind: string, model: string | null | undefined): 'none' | 'unsupported' | 'available' {
  if (!catalogueEntry(kind)?.family) return 'none';
  if (model && !canCallTools(model)) return 'unsupported';
  return 'available';
}
