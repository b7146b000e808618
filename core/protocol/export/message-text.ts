import { z } from 'zod';
import { imageFileSchema, toolCallSchema } from '../stream-frames.js';
import type { FlatMessage } from './pick-messages.js';

/** A stored content part (an assistants reply, spec 001 content part types): the frame's part without its place. */
const storedPartSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text'), text: z.union([z.string(), z.looseObject({ value: z.string() })]) }),
  z.looseObject({ type: z.literal('error'), text: z.union([z.string(), z.looseObject({ value: z.string() })]) }),
  z.looseObject({ type: z.literal('tool_call'), tool_call: toolCallSchema }),
  z.looseObject({ type: z.literal('image_file'), image_file: imageFileSchema }),
]);
type StoredPart = z.infer<typeof storedPartSchema>;
type ToolCall = z.infer<typeof toolCallSchema>;

const valueOf = (text: string | { value: string }) => (typeof text === 'string' ? text : text.value);

const logsOutputSchema = z.looseObject({ type: z.literal('logs'), logs: z.string() });

/** What a code interpreter printed: OpenAI's `logs` outputs (the images it made are their own parts). */
function codeLogs(outputs: readonly unknown[]): string[] {
  return outputs.flatMap((output) => {
    const parsed = logsOutputSchema.safeParse(output);
    return parsed.success ? [parsed.data.logs] : [];
  });
}

function toolCallText(call: ToolCall): string {
  if (call.type === 'code_interpreter' && call.code_interpreter) {
    const logs = codeLogs(call.code_interpreter.outputs);
    return [`[code interpreter]\n${call.code_interpreter.input}`, ...logs.map((log) => `[output]\n${log}`)].join('\n');
  }
  if (call.type === 'function' && call.function) {
    const output = call.function.output ? `\n[output]\n${call.function.output}` : '';
    return `[${call.action ? 'action' : 'function'} ${call.function.name}] ${call.function.arguments}${output}`;
  }
  return '[used retrieval]';
}

function partText(part: StoredPart): string {
  if (part.type === 'text') return valueOf(part.text);
  if (part.type === 'error') return `[error] ${valueOf(part.text)}`;
  if (part.type === 'tool_call') return toolCallText(part.tool_call);
  return `[image] ${part.image_file.filename ?? part.image_file.filepath}`;
}

/**
 * What the text, Markdown and CSV exports print for a message. A reply on the assistants endpoint
 * keeps its words, tool calls, code and images in `content` parts (issue 18 §5: a thread is
 * portable), so those are written out in order; a part this version does not know is skipped rather
 * than failing the export. Other messages print their `text`.
 */
export function exportMessageText(message: FlatMessage): unknown {
  const parts = Array.isArray(message.content) ? message.content.flatMap((part) => {
    const parsed = storedPartSchema.safeParse(part);
    return parsed.success ? [partText(parsed.data)] : [];
  }) : [];
  const written = parts.filter((text) => text.length > 0);
  return written.length > 0 ? written.join('\n\n') : message.text;
}
