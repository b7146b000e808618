import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ClientFrame, FramingProblems } from './client-event-stream.js';
import type { ContractReport } from './contract-report.js';
import { NO_PARENT } from './schemas/endpoint-name.js';
import { createdFrameSchema, errorFrameSchema, finalFrameSchema, progressFrameSchema } from './schemas/stream-frames.js';

/** What the client knows of the chat when it sends (contract §4.2). */
export interface AskInput {
  text: string;
  endpoint: string;
  model: string;
  conversationId?: string | null;
  parentMessageId?: string;
  /** Custom endpoints only: `custom`, plus the label from the endpoints config. */
  endpointType?: 'custom';
  modelDisplayLabel?: string;
  overrideParentMessageId?: string | null;
  responseMessageId?: string | null;
  generation?: string;
  isContinued?: boolean;
  messageId?: string;
  /** The endpoint settings that differ from the client's defaults. */
  settings?: Record<string, unknown>;
}

/** The flat body of contract §4.2: the client message, the endpoint options, then the key. */
export function askPayload(input: AskInput): Record<string, unknown> {
  return {
    text: input.text,
    sender: 'User',
    isCreatedByUser: true,
    error: false,
    messageId: input.messageId ?? randomUUID(),
    parentMessageId: input.parentMessageId ?? NO_PARENT,
    conversationId: input.conversationId ?? null,
    overrideParentMessageId: input.overrideParentMessageId ?? null,
    responseMessageId: input.responseMessageId ?? null,
    generation: input.generation ?? '',
    isContinued: input.isContinued ?? false,
    endpoint: input.endpoint,
    ...(input.endpointType ? { endpointType: input.endpointType } : {}),
    ...(input.modelDisplayLabel ? { modelDisplayLabel: input.modelDisplayLabel } : {}),
    model: input.model,
    ...input.settings,
    key: null,
  };
}

export type FinalFrame = z.output<typeof finalFrameSchema>;
export type CreatedFrame = z.output<typeof createdFrameSchema>;

/**
 * Checks a whole `/api/ask` or `/api/edit` stream frame by frame as the client dispatches them
 * (§4.3, §4.4): framing, each frame's shape by its type, cumulative progress, a `final` (or an
 * error) as the last frame, and the ids that tie the final frame to the created one.
 */
export function checkTurnStream(
  report: ContractReport,
  label: string,
  stream: { status: number; contentType: string; frames: ClientFrame[]; framing: FramingProblems },
): { created?: CreatedFrame; final?: FinalFrame; error?: z.output<typeof errorFrameSchema> } {
  report.expect(label, stream.status === 200, 'status 200', stream.status);
  report.expect(label, stream.contentType.startsWith('text/event-stream'), 'an event stream', stream.contentType);
  for (const problem of stream.framing.problems) report.expect(label, false, problem);
  let created: CreatedFrame | undefined;
  let final: FinalFrame | undefined;
  let error: z.output<typeof errorFrameSchema> | undefined;
  let previousText = '';
  stream.frames.forEach((frame, index) => {
    const at = `${label} frame ${index}`;
    const data = frame.data;
    // The raw frames are kept even when they mismatch, so the rest of a flow still runs and reports.
    if (frame.event === 'error') {
      report.check(`${at} (error)`, errorFrameSchema, data);
      error = data;
    } else if (data?.final) {
      report.check(`${at} (final)`, finalFrameSchema, data);
      final = data;
    } else if (data?.created) {
      report.check(`${at} (created)`, createdFrameSchema, data);
      created = data;
    }
    else if (data?.message) {
      const progress = report.check(`${at} (progress)`, progressFrameSchema, data);
      if (progress) {
        report.expect(at, progress.text.startsWith(previousText), 'cumulative text (the whole reply so far)', progress.text);
        previousText = progress.text;
      }
    } else report.expect(at, false, 'a frame the client ignores (no final, created or message flag)', data);
  });
  const last = stream.frames.at(-1);
  report.expect(label, last !== undefined && (last.event === 'error' || last.data?.final === true), 'the stream ends with final or an error frame', last?.data);
  report.expect(label, stream.frames.filter((frame) => frame.data?.final || frame.event === 'error').length === 1, 'exactly one final or error frame');
  if (final?.conversation && final.responseMessage) {
    report.expect(label, final.responseMessage.conversationId === final.conversation.conversationId, 'responseMessage in the final conversation', final.responseMessage.conversationId);
    if (final.requestMessage) report.expect(label, final.responseMessage.parentMessageId === final.requestMessage.messageId, 'responseMessage answers requestMessage');
    if (created && final.requestMessage) report.expect(label, created.message.messageId === final.requestMessage.messageId, 'requestMessage is the created message');
    report.expect(label, final.responseMessage.text === previousText || previousText === '', 'the final reply holds the streamed text', final.responseMessage.text);
  }
  return { created, final, error };
}
