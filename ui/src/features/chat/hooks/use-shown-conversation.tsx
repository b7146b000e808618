import { useCallback, useEffect, useRef, useState } from 'react';
import { useShownConversationRegistry } from '../../../lib/shown-conversation/index.js';
import { WholeBranch } from '../components/whole-branch.js';
import type { BranchEntry } from '../utils/message-tree.js';

interface WholeRequest {
  width: number;
  onReady: (element: HTMLElement) => void;
}

/**
 * Registers the branch on screen with the app (for the export dialog) and renders the whole branch
 * when a screenshot asks for it. Returns what to mount inside the rows' context.
 */
export function useShownConversation(conversationId: string, branch: readonly BranchEntry[], listWidth: () => number) {
  const registry = useShownConversationRegistry();
  const [request, setRequest] = useState<WholeRequest | null>(null);
  const latest = useRef({ conversationId, branch, listWidth });
  latest.current = { conversationId, branch, listWidth };

  useEffect(() => {
    if (!registry) return;
    const shown = {
      conversationId,
      shownIds: new Set(branch.map((entry) => entry.message.messageId)),
      renderWhole: <Result,>(capture: (element: HTMLElement) => Promise<Result>) =>
        new Promise<Result>((resolve, reject) => {
          setRequest({
            width: latest.current.listWidth(),
            onReady: (element) => {
              capture(element)
                .then(resolve, reject)
                .finally(() => setRequest(null));
            },
          });
        }),
    };
    registry.current = shown;
    return () => {
      if (registry.current === shown) registry.current = null;
    };
  }, [registry, conversationId, branch]);

  const onReady = useCallback((element: HTMLElement) => request?.onReady(element), [request]);
  return request ? <WholeBranch branch={branch} width={request.width} onReady={onReady} /> : null;
}
