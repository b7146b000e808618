import type { Options } from 'react-markdown';
import { lazyModule } from './lazy-module.js';

type Plugins = NonNullable<Options['remarkPlugins']>;

/** KaTeX and its stylesheet (fonts included): only for messages with math. */
export const mathPlugins = lazyModule(async () => {
  const [{ default: remarkMath }, { rehypeKatexDom }] = await Promise.all([
    import('remark-math'),
    import('./rehype-katex-dom.js'),
    import('katex/dist/katex.min.css'),
  ]);
  return {
    remark: [remarkMath] as Plugins,
    rehype: [[rehypeKatexDom, { throwOnError: false, strict: false }]] as Plugins,
  };
});

/**
 * highlight.js's common languages through lowlight: only for messages with code. Its colours come
 * with the markdown styles: a stylesheet added while a reply streams would restyle the whole page.
 */
export const highlightPlugins = lazyModule(async () => {
  const { default: rehypeHighlight } = await import('rehype-highlight');
  // rehype-highlight registers every language in a new lowlight each time it is attached, and
  // react-markdown attaches plugins on every render: ~2 ms per render, and each language's grammar
  // compiled again. One transform, made once, keeps the registry and the compiled grammars.
  const highlight = rehypeHighlight({ detect: false });
  return { rehype: [() => highlight] as Plugins };
});
