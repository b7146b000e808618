import { describe, expect, it } from 'vitest';
import { message } from '../../../test/chat-fixtures.js';
import { viewBranch } from './branch-view.js';
import { buildMessageTree, selectBranch } from './message-tree.js';

const ids = (view: ReturnType<typeof viewBranch>) => view.branch.map((entry) => entry.message.messageId);

describe('viewBranch', () => {
  const u1 = message('u1', null, { text: 'Question' });
  const a1 = message('a1', 'u1', { text: 'Old answer' });
  const a1b = message('a1b', 'u1', { text: 'Partial' });
  const selection = new Map<string, string>();
  const first = viewBranch(null, [u1, a1, a1b], selection);

  it('swaps a rewritten reply into the previous tree and branch, and keeps everything else', () => {
    const grown = { ...a1b, text: 'Partial answer, grown' };
    const next = viewBranch(first, [u1, a1, grown], selection);
    expect(next.branch[0]).toBe(first.branch[0]);
    expect(next.branch[1].message).toBe(grown);
    expect(next.tree.byId.get('a1b')).toBe(grown);
    expect(next.tree.children.get('u1')).toEqual([a1, grown]);
    expect(next.tree.newestBelow).toBe(first.tree.newestBelow);
    // The same as working it all out again.
    const fresh = buildMessageTree([u1, a1, grown]);
    expect(next.branch).toEqual(selectBranch(fresh, selection));
    expect(next.tree.children).toEqual(fresh.children);
  });

  it('works the tree out again when a message is added or moved, or the selection changes', () => {
    const added = viewBranch(first, [u1, a1, a1b, message('u2', 'a1b')], selection);
    expect(ids(added)).toEqual(['u1', 'a1b', 'u2']);
    const moved = viewBranch(first, [u1, a1, { ...a1b, parentMessageId: 'a1' }], selection);
    expect(ids(moved)).toEqual(['u1', 'a1', 'a1b']);
    const chosen = viewBranch(first, first.messages, new Map([['u1', 'a1']]));
    expect(ids(chosen)).toEqual(['u1', 'a1']);
  });
});
