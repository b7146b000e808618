import { describe, expect, it } from 'vitest';
import { exportMessages } from '../../../testing/export-fixtures.js';
import { buildExportTree } from './export-tree.js';

describe('buildExportTree', () => {
  it('nests children under their parent in list order, each with a children key last', () => {
    const roots = buildExportTree(exportMessages);
    expect(roots.map((root) => root.messageId)).toEqual(['u1']);
    expect(roots[0].children.map((child) => child.messageId)).toEqual(['a1', 'a2']);
    expect(roots[0].children[0].children[0].children[0].messageId).toBe('a3');
    expect(Object.keys(roots[0]).at(-1)).toBe('children');
    expect(roots[0].children[1].children).toEqual([]);
  });

  it('makes a message whose parent is missing a root, and places a repeated id once', () => {
    const orphan = { messageId: 'x', parentMessageId: 'gone', text: 'orphan' };
    const roots = buildExportTree([...exportMessages, orphan, exportMessages[1]]);
    expect(roots.map((root) => root.messageId)).toEqual(['u1', 'x']);
    expect(roots[0].children.map((child) => child.messageId)).toEqual(['a1', 'a2']);
  });

  it('does not change the messages it is given', () => {
    const copy = structuredClone(exportMessages);
    buildExportTree(exportMessages);
    expect(exportMessages).toEqual(copy);
  });
});
