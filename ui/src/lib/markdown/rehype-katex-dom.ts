import type { Element, ElementContent, Root, RootContent } from 'hast';
import { fromDom } from 'hast-util-from-dom';
import katex, { type KatexOptions } from 'katex';

/** The text of a node, as written: math comes as text children of remark-math's elements. */
function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textOf).join('') : '';
}

const hasClass = (node: RootContent, name: string): node is Element =>
  node.type === 'element' && Array.isArray(node.properties.className) && node.properties.className.includes(name);

/** KaTeX's DOM output for one formula as hast, or KaTeX's own error markup when it cannot render. */
function renderFormula(value: string, displayMode: boolean, options: KatexOptions): ElementContent[] {
  const container = document.createElement('span');
  try {
    katex.render(value, container, { ...options, displayMode, throwOnError: true });
  } catch (error) {
    // The markup KaTeX gives an error with throwOnError: false, made here because KaTeX would set its
    // colour with setAttribute('style'), which the policy refuses; React sets this one through the DOM.
    const properties = { className: ['katex-error'], title: String(error), style: `color:${options.errorColor ?? '#cc0000'}` };
    return [{ type: 'element', tagName: 'span', properties, children: [{ type: 'text', value }] }];
  }
  const converted = fromDom(container);
  return converted.type === 'element' ? converted.children : [];
}

/** The formula a node stands for (its text and display mode), or undefined when it is not math. */
function formulaOf(node: RootContent): { value: string; displayMode: boolean } | undefined {
  // A ```math block: the <pre> around it is replaced, and the formula displayed.
  const mathCode = node.type === 'element' && node.tagName === 'pre' ? node.children.find((inner) => hasClass(inner, 'language-math')) : undefined;
  if (mathCode) return { value: textOf(mathCode), displayMode: true };
  if (hasClass(node, 'math-display')) return { value: textOf(node), displayMode: true };
  if (hasClass(node, 'math-inline') || hasClass(node, 'language-math')) return { value: textOf(node), displayMode: false };
  return undefined;
}

/**
 * rehype-katex's job (math from remark-math and ```math blocks → KaTeX), but built through the DOM
 * API rather than parsed from KaTeX's HTML string: KaTeX sets its layout through `element.style`,
 * which the Content-Security-Policy's `style-src 'self'` allows, while parsing `style="…"` markup
 * (what rehype-katex does in a browser) is refused and reported as a violation for every formula.
 */
export function rehypeKatexDom(options: KatexOptions = {}) {
  const replaceIn = (parent: Root | Element): void => {
    parent.children = parent.children.flatMap((child) => {
      const formula = formulaOf(child);
      if (formula) return renderFormula(formula.value, formula.displayMode, options);
      if (child.type === 'element') replaceIn(child);
      return [child];
    }) as typeof parent.children;
  };
  return (tree: Root) => replaceIn(tree);
}
