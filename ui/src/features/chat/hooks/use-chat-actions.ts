import type { MessageFileDto } from '@protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { ChatSetup } from '../../../lib/chat-setup/index.js';
import type { EndpointsConfig } from '../../../lib/endpoints/index.js';
import { messagesQueryKey } from '../../../lib/query-keys.js';
import { useUpdateMessageMutation } from '../api/update-message.js';
import { NO_PARENT, type ChatMessage } from '../utils/chat-message.js';
import { upsertMessage } from '../utils/fold-frames.js';
import type { BranchEntry } from '../utils/message-tree.js';
import { planAsk, planContinue, planRegenerate, type TurnContext, type TurnPlan } from '../utils/turn-plan.js';
import type { ChatSubmission } from './use-chat-submission.js';

export interface ChatActionsInput {
  conversationId: string;
  messages: readonly ChatMessage[];
  branch: readonly BranchEntry[];
  setup: ChatSetup;
  endpointsConfig?: EndpointsConfig;
  submission: ChatSubmission;
  /** Before a turn starts: clear fork choices, show the bottom. */
  onTurnStart(options: { newBranch: boolean }): void;
}

export interface ChatActions {
  /** `files`: uploads attached to the message (LibreChat's `files`). */
  ask(text: string, files?: MessageFileDto[]): boolean;
  regenerate(reply: ChatMessage): void;
  continueReply(reply: ChatMessage, generation?: string): void;
  /** Save & Submit of a user message: a new sibling with the same parent. */
  resubmitUserMessage(message: ChatMessage, text: string): void;
  /** Save only: the text changes in place. */
  saveMessage(message: ChatMessage, text: string): Promise<void>;
}

/** The last message of the branch the server knows: turns never hang off a never-stored message. */
function lastStoredId(branch: readonly BranchEntry[]): string {
  for (let index = branch.length - 1; index >= 0; index -= 1) {
    if (!branch[index].message.clientOnly) return branch[index].message.messageId;
  }
  return NO_PARENT;
}

/**
 * The chat screen's verbs. They are stable across renders (a streaming reply re-renders the screen
 * every frame; the rows must not) and read the latest state through a ref.
 */
export function useChatActions(input: ChatActionsInput): ChatActions {
  const queryClient = useQueryClient();
  const updateMessage = useUpdateMessageMutation();
  const latest = useRef({ input, updateMessage });
  useEffect(() => {
    latest.current = { input, updateMessage };
  });

  return useMemo<ChatActions>(() => {
    const context = (): TurnContext => {
      const { conversationId, messages, setup, endpointsConfig } = latest.current.input;
      return { conversationId, messages, setup, endpointsConfig };
    };
    const start = (plan: TurnPlan | null, newBranch: boolean) => {
      const { submission, onTurnStart } = latest.current.input;
      if (!plan) {
        console.error('No endpoint available');
        return false;
      }
      if (submission.isSubmitting) return false;
      onTurnStart({ newBranch });
      return submission.submit(plan);
    };
    const find = (id: string) => latest.current.input.messages.find((message) => message.messageId === id);

    return {
      ask: (text, files) => start(planAsk(context(), text, lastStoredId(latest.current.input.branch), files), true),
      regenerate(reply) {
        const parent = find(reply.parentMessageId);
        if (!parent?.isCreatedByUser) return;
        // The server never stored that user message (the turn was refused): send it again instead.
        if (parent.clientOnly) start(planAsk(context(), parent.text, parent.parentMessageId), true);
        else start(planRegenerate(context(), parent), true);
      },
      continueReply(reply, generation = reply.text) {
        const parent = find(reply.parentMessageId);
        if (!parent?.isCreatedByUser) return console.error('cannot continue AI message without latestMessage!');
        start(planContinue(context(), reply, parent, generation), false);
      },
      resubmitUserMessage: (message, text) => void start(planAsk(context(), text, message.parentMessageId, message.files ?? []), true),
      async saveMessage(message, text) {
        const { conversationId } = latest.current.input;
        const local = { ...message, text, isEdited: true };
        if (message.clientOnly) {
          queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(conversationId), (list) => (list ? upsertMessage(list, message.messageId, local) : list));
          return;
        }
        await latest.current.updateMessage.mutateAsync({ conversationId: message.conversationId, messageId: message.messageId, text, model: message.model });
      },
    };
  }, [queryClient]);
}
