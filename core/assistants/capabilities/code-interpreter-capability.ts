import { executeCall, textOf, type ToolCallScope } from '../../chat/agent-loop.js';
import type { ChatServices } from '../../chat/chat-services.js';
import type { ToolCallPart } from '../../plugin-api/index.js';
import { toPluginLogger } from '../../plugin-host/plugin-logger.js';
import { toFileDto, type FileDto } from '../../presenters/file-dto.js';
import { createCodeInterpreterTool, describeOutcome, type CodeInterpreterOptions, type CodeInterpreterOutcome } from '../../sandbox/index.js';
import type { CodeInterpreterToolCall, CodeOutput, TextValue } from '../run/content-parts.js';
import type { CapabilityFactory, CapabilityContext, PresentedCall } from '../run/run-capability.js';
import { runFiles, toSandboxFiles } from './thread-files.js';

type Services = Pick<ChatServices, 'store' | 'fileStorages' | 'log'>;

/** The program the model sent (`code`, or LibreChat's `input`); the raw arguments when they are not JSON. */
function codeOf(call: ToolCallPart): string {
  try {
    const input: unknown = JSON.parse(call.input);
    if (typeof input === 'object' && input !== null) {
      const code = 'code' in input ? input.code : 'input' in input ? input.input : undefined;
      if (typeof code === 'string') return code;
    }
  } catch {
    // Not JSON: shown as the model wrote it; the tool answers the model why it did not run.
  }
  return call.input;
}

/**
 * The code_interpreter capability (issue 18 §3): Python in the server's sandbox with the run's files
 * (the assistant's knowledge and the thread's attachments, the user's own only) under /mnt/data.
 * Each call is shown as LibreChat's `code_interpreter` part, its outputs OpenAI's: the logs (what the
 * model reads too) and each image written, which also follows as an `image_file` part. A `sandbox:`
 * link to a written file in the reply (OpenAI's file_path annotation) becomes the saved file's link.
 */
export function codeInterpreterCapability(services: Services, sandbox: CodeInterpreterOptions['sandbox'], limits?: CodeInterpreterOptions['limits']): CapabilityFactory {
  return (context: CapabilityContext) => {
    const options: CodeInterpreterOptions = { sandbox, limits, files: async () => toSandboxFiles(services, await runFiles(services, context)) };
    const tool = createCodeInterpreterTool(options);
    const resolved = { key: 'code_interpreter', tool, log: toPluginLogger(services.log.child({ tool: 'code_interpreter' })), authenticated: true };
    const links = new Map<string, string>();

    async function run(scope: ToolCallScope, call: ToolCallPart): Promise<PresentedCall> {
      // Its own tool per call, to hear this call's outcome (the model gets the tool's text and images).
      let outcome: CodeInterpreterOutcome | undefined;
      const result = await executeCall(scope, { ...resolved, tool: createCodeInterpreterTool({ ...options, onOutcome: (heard) => (outcome = heard) }) }, call);
      const outputs: CodeOutput[] = [{ type: 'logs', logs: outcome ? describeOutcome(outcome) : textOf(result) }];
      const images: FileDto[] = [];
      for (const { file, saved } of outcome?.files ?? []) {
        if (!saved) continue;
        links.set(file.name, saved.filepath);
        if (saved.width === undefined) continue;
        const record = await services.store.files.find(context.userId, saved.file_id);
        if (!record) continue;
        outputs.push({ type: 'image', image: { file_id: saved.file_id } });
        images.push(toFileDto(record));
      }
      const toolCall: CodeInterpreterToolCall = { id: call.id, type: 'code_interpreter', code_interpreter: { input: codeOf(call), outputs }, progress: 1 };
      return { result, toolCall, images };
    }

    return {
      resolved,
      present: {
        start: (call) => ({ id: call.id, type: 'code_interpreter', code_interpreter: { input: codeOf(call), outputs: [] }, progress: 0.01 }),
        run,
      },
      rewriteText: (text: TextValue): TextValue => ({
        ...text,
        value: text.value.replace(/sandbox:\/mnt\/data\/([^\s)\]]+)/g, (link, name: string) => links.get(name) ?? link),
      }),
    };
  };
}
