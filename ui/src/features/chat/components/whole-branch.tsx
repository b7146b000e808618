import { useEffect, useRef } from 'react';
import type { BranchEntry } from '../utils/message-tree.js';
import { MessageRow } from './message-row.js';

/**
 * Every row of the branch at the width of the list, laid out off screen: what a screenshot of the
 * whole conversation is taken of. Hands its element over once painted.
 */
export function WholeBranch({ branch, width, onReady }: { branch: readonly BranchEntry[]; width: number; onReady: (element: HTMLElement) => void }) {
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Two frames: the rows' markdown and measured layout are in place before the capture reads them.
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => {
        if (content.current) onReady(content.current);
      });
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [onReady]);
  return (
    <div aria-hidden="true" inert className="pointer-events-none fixed top-0 -left-[200000px]">
      <div ref={content} style={{ width }} className="bg-white pt-4 pb-8 text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100" data-testid="whole-branch">
        {branch.map((entry, index) => (
          <MessageRow
            key={entry.message.messageId}
            message={entry.message}
            parent={index > 0 ? branch[index - 1].message : undefined}
            siblingIndex={entry.siblingIndex}
            siblingCount={entry.siblings.length}
            isLatest={index === branch.length - 1}
            isStreaming={false}
          />
        ))}
      </div>
    </div>
  );
}
