import { useCallback, useEffect, useMemo, useRef } from 'react';
import { NO_PARENT, type ChatMessage } from '../utils/chat-message.js';
import { buildMessageTree, selectBranch } from '../utils/message-tree.js';
import { useBranchSelection } from './use-branch-selection.js';

/** The tree of the cached messages, the branch on screen, and ‹ › between versions. */
export function useChatBranch(conversationId: string, messages: readonly ChatMessage[]) {
  const tree = useMemo(() => buildMessageTree(messages), [messages]);
  const { selection, select, reset } = useBranchSelection(conversationId);
  const branch = useMemo(() => selectBranch(tree, selection), [tree, selection]);
  const treeRef = useRef(tree);
  useEffect(() => {
    treeRef.current = tree;
  }, [tree]);

  // Stable: rows call it without re-rendering when the tree changes under a streaming reply.
  const selectSibling = useCallback(
    (parentMessageId: string, index: number) => {
      const current = treeRef.current;
      const parent = current.byId.has(parentMessageId) ? parentMessageId : NO_PARENT;
      const sibling = current.children.get(parent)?.[index];
      if (sibling) select(parent, sibling.messageId);
    },
    [select],
  );
  return { tree, branch, selectSibling, resetSelection: reset };
}
