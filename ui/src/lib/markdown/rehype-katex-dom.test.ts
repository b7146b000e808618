import type { Element, ElementContent, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { rehypeKatexDom } from './rehype-katex-dom.js';

const text = (value: string): ElementContent => ({ type: 'text', value });
const element = (tagName: string, className: string[], children: ElementContent[]): Element => ({ type: 'element', tagName, properties: { className }, children });

function transform(children: ElementContent[]): Root {
  const tree: Root = { type: 'root', children: [element('p', [], children)] };
  rehypeKatexDom({ strict: false })(tree);
  return tree;
}

/** Every element of a tree, depth first. */
function elementsOf(node: Root | ElementContent): Element[] {
  if (node.type !== 'root' && node.type !== 'element') return [];
  const own = node.type === 'element' ? [node] : [];
  return [...own, ...node.children.flatMap((child) => (child.type === 'doctype' ? [] : elementsOf(child)))];
}
const classes = (tree: Root) => elementsOf(tree).flatMap((node) => (Array.isArray(node.properties.className) ? node.properties.className.map(String) : []));

describe('rehypeKatexDom', () => {
  it('renders inline math from remark-math, with its layout as style properties', () => {
    const tree = transform([text('Euler: '), element('code', ['language-math', 'math-inline'], [text('e^{i\\pi} + 1 = 0')])]);
    expect(classes(tree)).toContain('katex');
    expect(classes(tree)).not.toContain('katex-display');
    expect(classes(tree)).not.toContain('math-inline');
    expect(elementsOf(tree).some((node) => typeof node.properties.style === 'string' && /height/.test(String(node.properties.style)))).toBe(true);
  });

  it('displays remark-math blocks and ```math blocks, replacing the <pre> around the latter', () => {
    const flow = transform([element('code', ['language-math', 'math-display'], [text('\\frac{1}{3}')])]);
    expect(classes(flow)).toContain('katex-display');
    const fenced = transform([element('pre', [], [element('code', ['language-math'], [text('x^2')])])]);
    expect(classes(fenced)).toContain('katex-display');
    expect(elementsOf(fenced).map((node) => node.tagName)).not.toContain('pre');
  });

  it('shows TeX it cannot parse as a KaTeX error instead of failing the message', () => {
    const tree = transform([element('code', ['language-math', 'math-inline'], [text('\\frac{1}{')])]);
    const [error] = elementsOf(tree).filter((node) => node.tagName === 'span');
    expect(error.properties).toMatchObject({ className: ['katex-error'], style: 'color:#cc0000', title: expect.stringContaining('ParseError') });
    expect(error.children).toEqual([text('\\frac{1}{')]);
  });

  it('leaves everything else alone', () => {
    const tree = transform([element('code', ['language-ts'], [text('const x = 1;')])]);
    expect(elementsOf(tree).map((node) => node.tagName)).toEqual(['p', 'code']);
  });
});
