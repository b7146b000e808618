import { ACTION_DELIMITER, type AssistantDto, type AssistantToolDto } from '@protocol';
import type { AssistantBody } from '../api/assistants-api.js';

/** The builder form's values (spec 001 §3's form flags over the assistant's `tools`). */
export interface AssistantFormValues {
  name: string;
  description: string;
  instructions: string;
  model: string;
  code_interpreter: boolean;
  retrieval: boolean;
  image_vision: boolean;
  /** Function tools by name: tools of the store, and functions the assistant had before (not its actions'). */
  functions: string[];
}

/** The capability flags the builder shows as checkboxes, in LibreChat's order. */
export const capabilityFlags = ['code_interpreter', 'image_vision', 'retrieval'] as const;
export type CapabilityFlag = (typeof capabilityFlags)[number];

const functionNames = (tools: readonly AssistantToolDto[]) =>
  tools.flatMap((tool) => (tool.type === 'function' ? [tool.function.name] : []));

/** An action's function (`<operation>_action_<domain>`): the actions section owns it, not the Tools list. */
const isActionFunction = (name: string) => name.includes(ACTION_DELIMITER);

export function formValuesOf(assistant: AssistantDto | undefined, defaultModel: string): AssistantFormValues {
  const tools = assistant?.tools ?? [];
  const functions = functionNames(tools);
  return {
    name: assistant?.name ?? '',
    description: assistant?.description ?? '',
    instructions: assistant?.instructions ?? '',
    model: assistant?.model ?? defaultModel,
    code_interpreter: tools.some((tool) => tool.type === 'code_interpreter'),
    retrieval: tools.some((tool) => tool.type === 'retrieval'),
    image_vision: functions.includes('image_vision'),
    functions: functions.filter((name) => name !== 'image_vision' && !isActionFunction(name)),
  };
}

/**
 * The request body: capability flags become their tools, a function the assistant already had keeps
 * its full object (the server drops a name it does not know as a store tool), a new one goes by name.
 * The actions' functions come from `previous`, the assistant as last fetched: an action saved while
 * the form was open is kept. Empty texts clear on update (`null`) and are left out on create.
 */
export function bodyOf(values: AssistantFormValues, previous: AssistantDto | undefined): AssistantBody {
  const known = new Map((previous?.tools ?? []).flatMap((tool) => (tool.type === 'function' ? [[tool.function.name, tool] as const] : [])));
  const tools: unknown[] = [
    ...(values.code_interpreter ? [{ type: 'code_interpreter' }] : []),
    ...(values.retrieval ? [{ type: 'retrieval' }] : []),
    ...(values.image_vision ? ['image_vision'] : []),
    ...values.functions.map((name) => known.get(name) ?? name),
    ...[...known].flatMap(([name, tool]) => (isActionFunction(name) ? [tool] : [])),
  ];
  const text = (value: string) => (value.trim() ? value : previous ? null : undefined);
  return { model: values.model, name: text(values.name), description: text(values.description), instructions: text(values.instructions), tools };
}

/** Spec 001 §4: retrieval is switched off for a model outside the endpoint's retrieval models. */
export function retrievalAllowed(model: string, retrievalModels: readonly string[] | undefined): boolean {
  return !retrievalModels || retrievalModels.length === 0 || retrievalModels.includes(model);
}
