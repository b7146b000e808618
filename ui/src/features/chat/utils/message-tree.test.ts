import { describe, expect, it } from 'vitest';
import { message } from '../../../test/chat-fixtures.js';
import { buildMessageTree, selectBranch } from './message-tree.js';
import { NO_PARENT } from './chat-message.js';

const ids = (branch: ReturnType<typeof selectBranch>) => branch.map((entry) => entry.message.messageId);

describe('message tree', () => {
  // u1 → a1 (old reply) / a1b (regenerated); u1 edited as u1b (newest) → a2
  const u1 = message('u1', null);
  const a1 = message('a1', 'u1');
  const a1b = message('a1b', 'u1');
  const u2 = message('u2', 'a1b');
  const a2 = message('a2', 'u2');
  const u1b = message('u1b', null);
  const a3 = message('a3', 'u1b');
  const all = [u1, a1, a1b, u2, a2, u1b, a3];

  it('shows the branch of the newest leaf by default, with siblings at each fork', () => {
    const branch = selectBranch(buildMessageTree(all));
    expect(ids(branch)).toEqual(['u1b', 'a3']);
    expect(branch[0].siblings.map((entry) => entry.messageId)).toEqual(['u1', 'u1b']);
    expect(branch[0].siblingIndex).toBe(1);
    expect(branch[1].siblings).toHaveLength(1);
  });

  it('follows a chosen sibling, then the newest leaf below it', () => {
    const branch = selectBranch(buildMessageTree(all), new Map([[NO_PARENT, 'u1']]));
    expect(ids(branch)).toEqual(['u1', 'a1b', 'u2', 'a2']);
    expect(branch[1].siblingIndex).toBe(1);

    const older = selectBranch(buildMessageTree(all), new Map([[NO_PARENT, 'u1'], ['u1', 'a1']]));
    expect(ids(older)).toEqual(['u1', 'a1']);
    expect(older[1]).toMatchObject({ siblingIndex: 0 });
  });

  it('prefers the subtree with the newest activity over the newest sibling', () => {
    // u1b is newer than u1, but a reply was added under u1's branch later still.
    const late = message('u9', 'a2');
    expect(ids(selectBranch(buildMessageTree([...all, late])))).toEqual(['u1', 'a1b', 'u2', 'a2', 'u9']);
  });

  it('ignores a selection that no longer exists and does not depend on list order', () => {
    const branch = selectBranch(buildMessageTree([...all].reverse()), new Map([[NO_PARENT, 'gone']]));
    expect(ids(branch)).toEqual(['u1b', 'a3']);
  });

  it('treats orphans as roots and survives a cycle', () => {
    const orphan = message('u5', 'missing-parent');
    expect(ids(selectBranch(buildMessageTree([orphan])))).toEqual(['u5']);
    const selfParent = message('u6', 'u6');
    expect(ids(selectBranch(buildMessageTree([selfParent])))).toEqual(['u6']);
  });

  it('walks a 2,000-message chain without recursion trouble', () => {
    const long = [message('m0', null)];
    for (let index = 1; index < 2000; index += 1) long.push(message(`m${index}`, `m${index - 1}`));
    const branch = selectBranch(buildMessageTree(long));
    expect(branch).toHaveLength(2000);
    expect(branch.at(-1)?.message.messageId).toBe('m1999');
  });
});
