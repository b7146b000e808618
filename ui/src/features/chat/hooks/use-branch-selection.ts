import { useCallback, useState } from 'react';
import type { BranchSelection } from '../utils/message-tree.js';

/** The user's choices at the forks of the open conversation (‹ 2/3 ›), forgotten when it changes. */
export function useBranchSelection(conversationId: string) {
  const [state, setState] = useState<{ conversationId: string; selection: BranchSelection }>({ conversationId, selection: new Map() });
  const selection = state.conversationId === conversationId ? state.selection : new Map<string, string>();

  const select = useCallback(
    (parentId: string, childId: string) =>
      setState((current) => {
        const base = current.conversationId === conversationId ? current.selection : new Map<string, string>();
        return { conversationId, selection: new Map(base).set(parentId, childId) };
      }),
    [conversationId],
  );
  // A new turn shows its own branch: the newest leaf leads there once the choices are gone.
  const reset = useCallback(() => setState({ conversationId, selection: new Map() }), [conversationId]);
  return { selection, select, reset };
}
