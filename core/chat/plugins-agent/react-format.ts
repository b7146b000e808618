import type { Tool } from '../../plugin-api/index.js';

/**
 * The classic agent's text protocol (ReAct): the model is told the tools and the
 * Thought / Action / Action Input / Observation format, writes one step, and the server reads it.
 * Models that cannot call tools natively follow it loosely, so the reading is forgiving.
 */

/** One step the model wrote: a tool to run, or its answer. */
export type ReactStep =
  /** `text` is the step up to its Action Input, as the next request repeats it. */
  | { kind: 'action'; tool: string; input: string; text: string }
  | { kind: 'final'; answer: string };

/** The instructions that open the classic agent's requests (after the conversation's own system prompt). */
export function reactInstructions(tools: readonly Tool[]): string {
  const list = tools.map((tool) => `${tool.name}: ${tool.description} Input (JSON Schema): ${JSON.stringify(tool.inputSchema)}`).join('\n');
  const names = tools.map((tool) => tool.name).join(', ');
  return [
    'Answer the user as well as you can. You can use these tools:',
    '',
    list,
    '',
    'Work in this format:',
    '',
    'Thought: what to do next',
    `Action: the tool to use, one of [${names}]`,
    "Action Input: the tool's input, as JSON matching its schema (or plain text for a tool that takes one text)",
    'Observation: the result of the tool',
    '... (Thought, Action, Action Input and Observation may repeat)',
    'Thought: I now know the answer',
    'Final Answer: the answer to the user',
    '',
    'Write one Action at a time and stop after its Action Input: the Observation is given to you, never write it yourself.',
    'When no tool is needed, answer at once with a Thought and the Final Answer.',
  ].join('\n');
}

/** What the next request tells the model after running its action. */
export const observationText = (output: string) => `Observation: ${output}\n\nGo on with a Thought, then the next Action or the Final Answer.`;

const labelled = (label: string) => new RegExp(`^[ \\t*_]*${label}[ \\t*_]*(?:\\d+[ \\t]*)?:[ \\t*_]*`, 'im');

/** A quoted or fenced value without its wrapping (`"6*7"`, ```json {…} ```). */
function unwrap(value: string): string {
  let text = value.trim();
  const fenced = /^```[a-z]*\s*([\s\S]*?)\s*```$/i.exec(text);
  if (fenced) text = fenced[1]!.trim();
  if (text.length >= 2 && ((text.startsWith('"') && text.endsWith('"') && !text.slice(1, -1).includes('"')) || (text.startsWith('`') && text.endsWith('`')))) text = text.slice(1, -1).trim();
  return text;
}

/** The text of a label up to the next line that starts another label of the format. */
function section(text: string, label: string): { start: number; end: number; value: string } | undefined {
  const found = labelled(label).exec(text);
  if (!found) return undefined;
  const rest = text.slice(found.index + found[0].length);
  const next = /^[ \t*_]*(?:Thought|Action|Action Input|Observation|Final Answer)[ \t*_]*:/im.exec(rest);
  const body = next ? rest.slice(0, next.index) : rest;
  return { start: found.index, end: found.index + found[0].length + body.trimEnd().length, value: body.trim() };
}

/**
 * Reads one step. Anything the model wrote after an `Observation:` it made up is dropped. An Action
 * written before a Final Answer wins (the model must see the observation first); a Final Answer
 * alone is the answer; text in neither shape is taken as the answer, so a model that ignores the
 * format still answers.
 */
export function parseReactStep(written: string): ReactStep {
  const observed = labelled('Observation').exec(written);
  const text = (observed ? written.slice(0, observed.index) : written).trim();
  const action = section(text, 'Action');
  const final = section(text, 'Final Answer');
  if (action && action.value && (!final || action.start < final.start)) {
    const inputSection = section(text.slice(action.start), 'Action Input');
    const tool = unwrap(action.value.split('\n')[0]!).replace(/^\[|\]$/g, '').replace(/\(\)$/, '').trim();
    const input = inputSection ? unwrap(inputSection.value) : '';
    const end = inputSection ? text.length : action.end;
    return { kind: 'action', tool, input, text: text.slice(0, end).trim() };
  }
  if (final) return { kind: 'final', answer: final.value };
  return { kind: 'final', answer: text.replace(labelled('Thought'), '').trim() };
}

/**
 * The JSON input of a tool from an Action Input: JSON as written when it is an object; otherwise
 * the text as the tool's only text property (`{"input": "6*7"}` for the calculator). Anything else
 * goes as written, and the tool's schema check tells the model what was wrong.
 */
export function toolInputFrom(tool: Tool | undefined, input: string): string {
  try {
    const parsed: unknown = JSON.parse(input);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return JSON.stringify(parsed);
  } catch {
    // Plain text: placed below.
  }
  const textProperty = soleTextProperty(tool?.inputSchema);
  return JSON.stringify(textProperty ? { [textProperty]: input } : input);
}

/** The name of the one string property of an object schema, when it has exactly one. */
function soleTextProperty(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null || !('properties' in schema)) return undefined;
  const { properties } = schema;
  if (typeof properties !== 'object' || properties === null) return undefined;
  const texts = Object.entries(properties).filter(([, property]) => typeof property === 'object' && property !== null && 'type' in property && property.type === 'string');
  return texts.length === 1 && Object.keys(properties).length === 1 ? texts[0]![0] : undefined;
}
