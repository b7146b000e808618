import type { Options } from 'react-markdown';
import { lazyModule } from './lazy-module.js';

type Plugins = NonNullable<Options['remarkPlugins']>;

/** KaTeX and its stylesheet (fonts included): only for messages with math. */
export const mathPlugins = lazyModule(async () => {
  const [{ default: remarkMath }, { default: rehypeKatex }] = await Promise.all([
    import('remark-math'),
    import('rehype-katex'),
    import('katex/dist/katex.min.css'),
  ]);
  return {
    remark: [remarkMath] as Plugins,
    rehype: [[rehypeKatex, { throwOnError: false, strict: false }]] as Plugins,
  };
});

/** highlight.js's common languages through lowlight, and the colours: only for messages with code. */
export const highlightPlugins = lazyModule(async () => {
  const [{ default: rehypeHighlight }] = await Promise.all([import('rehype-highlight'), import('./highlight-theme.css')]);
  return { rehype: [[rehypeHighlight, { detect: false }]] as Plugins };
});
