import { describe, expect, it } from 'vitest';
import { exportMessages } from '../../../testing/export-fixtures.js';
import { buildExportTree } from './export-tree.js';
import { pickNested, pickSequential } from './pick-messages.js';

const tree = buildExportTree(exportMessages);
const ids = (list: readonly Record<string, unknown>[]) => list.map((message) => message.messageId);

describe('pickSequential', () => {
  it('takes the newest child at a fork by default, as LibreChat does', () => {
    expect(ids(pickSequential(tree, { branches: false }))).toEqual(['u1', 'a2']);
  });

  it('follows the branch on screen when it is given', () => {
    expect(ids(pickSequential(tree, { branches: false, shownIds: new Set(['u1', 'a1', 'u2', 'a3']) }))).toEqual(['u1', 'a1', 'u2', 'a3']);
  });

  it('lists every branch depth first with branches on, without children keys', () => {
    const list = pickSequential(tree, { branches: true });
    expect(ids(list)).toEqual(['u1', 'a1', 'u2', 'a3', 'a2']);
    expect(list.every((message) => !('children' in message))).toBe(true);
    expect(Object.keys(list[0])).toEqual(Object.keys(exportMessages[0]));
  });

  it('walks a long chain without recursion', () => {
    const chain = Array.from({ length: 20_000 }, (_, index) => ({ messageId: `m${index}`, parentMessageId: index === 0 ? 'root' : `m${index - 1}` }));
    expect(pickSequential(buildExportTree(chain), { branches: false })).toHaveLength(20_000);
  });
});

describe('pickNested', () => {
  it('keeps only the chosen children without branches', () => {
    const [root] = pickNested(tree, { branches: false });
    expect(root.messageId).toBe('u1');
    expect(ids(root.children)).toEqual(['a2']);
    expect(root.children[0].children).toEqual([]);
  });

  it('keeps the whole tree with branches, children last in each message', () => {
    const [root] = pickNested(tree, { branches: true });
    expect(ids(root.children)).toEqual(['a1', 'a2']);
    expect(ids(root.children[0].children[0].children)).toEqual(['a3']);
    expect(Object.keys(root.children[0])).toEqual([...Object.keys(exportMessages[1]), 'children']);
  });

  it('gives an empty list for a conversation without messages', () => {
    expect(pickNested([], { branches: false })).toEqual([]);
    expect(pickSequential([], { branches: true })).toEqual([]);
  });
});
