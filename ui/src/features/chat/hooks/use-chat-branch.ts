import { useCallback, useEffect, useMemo, useRef } from 'react';
import { viewBranch, type BranchView } from '../utils/branch-view.js';
import { NO_PARENT, type ChatMessage } from '../utils/chat-message.js';
import { useBranchSelection } from './use-branch-selection.js';

/** The tree of the cached messages, the branch on screen, and ‹ › between versions. */
export function useChatBranch(conversationId: string, messages: readonly ChatMessage[]) {
  const { selection, select, reset } = useBranchSelection(conversationId);
  // The last view: a streamed frame updates it rather than indexing every message again.
  const lastView = useRef<BranchView | null>(null);
  const view = useMemo(() => viewBranch(lastView.current, messages, selection), [messages, selection]);
  useEffect(() => {
    lastView.current = view;
  }, [view]);

  // Stable: rows call it without re-rendering when the tree changes under a streaming reply.
  const selectSibling = useCallback(
    (parentMessageId: string, index: number) => {
      const current = lastView.current?.tree;
      if (!current) return;
      const parent = current.byId.has(parentMessageId) ? parentMessageId : NO_PARENT;
      const sibling = current.children.get(parent)?.[index];
      if (sibling) select(parent, sibling.messageId);
    },
    [select],
  );
  return { tree: view.tree, branch: view.branch, selectSibling, resetSelection: reset };
}
