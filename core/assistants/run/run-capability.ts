import type { ToolCallScope } from '../../chat/agent-loop.js';
import type { ToolCallPart } from '../../plugin-api/index.js';
import type { FileDto } from '../../presenters/file-dto.js';
import type { Assistant } from '../../store/repositories/assistants.js';
import type { ToolCallResult } from '../../tools/run-tool-call.js';
import type { ResolvedTool } from '../../tools/tool-catalogue.js';
import type { AssistantsConnection } from '../assistants-endpoint.js';
import type { RunToolCall, TextValue } from './content-parts.js';

/** What a capability's tool is built for: one run of one assistant, for its user. */
export interface CapabilityContext {
  userId: string;
  conversationId: string;
  assistant: Assistant;
  /** The run's model (retrieval and image_vision depend on it). */
  model: string;
  connection: AssistantsConnection;
}

/** A call as the run shows it once it ended: the model's answer, the call's part, and the images it made. */
export interface PresentedCall {
  result: ToolCallResult;
  toolCall: RunToolCall;
  images: FileDto[];
}

/** How the run shows a capability's calls: LibreChat's `code_interpreter` or `retrieval` part instead of a function call. */
export interface CallPresenter {
  /** The part as the call starts (progress 0.01). */
  start(call: ToolCallPart): RunToolCall;
  run(scope: ToolCallScope, call: ToolCallPart): Promise<PresentedCall>;
}

/** A capability's tool for one run. */
export interface RunCapability {
  resolved: ResolvedTool;
  /** Absent: its calls are shown as function calls (image_vision, as LibreChat showed it). */
  present?: CallPresenter;
  /** Rewrites the reply's text once the run is over (citations, file links), as LibreChat's processMessages did. */
  rewriteText?: (text: TextValue) => TextValue;
}

/** Builds a capability's tool for a run, or says why the run goes without it (logged). */
export type CapabilityFactory = (context: CapabilityContext) => RunCapability | { off: string };
