import { memo, useMemo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components, type ExtraProps, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useLocalize } from '../i18n/index.js';
import { CodeBlock } from './code-block.js';
import { hasCodeFence, mayContainMath, normalizeLatexDelimiters } from './latex.js';
import { useLazyModule } from './lazy-module.js';
import { splitMarkdownBlocks } from './markdown-blocks.js';
import { highlightPlugins, mathPlugins } from './markdown-plugins.js';
import './highlight-theme.css';
import './markdown.css';

type HastNode = { type: string; value?: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[] };

const textOf = (node: HastNode | undefined): string =>
  !node ? '' : node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('');

function languageOf(code: HastNode | undefined): string {
  const classes = code?.properties?.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  return list.find((name) => name.startsWith('language-'))?.slice('language-'.length).toLowerCase() ?? '';
}

/** Bing cites its sources as `[^N^](url)`: the link text `^N^` names the Nth source. */
const citationNumber = (text: string) => /^\^(\d{1,3})\^$/.exec(text)?.[1];

function CitationLink({ href, number }: { href: string | undefined; number: string }) {
  const localize = useLocalize();
  return (
    <sup className="citation">
      <a href={href} target="_blank" rel="noopener noreferrer" aria-label={localize('com_ui_citation_source', number)}>
        {number}
      </a>
    </sup>
  );
}

const components: Components = {
  pre({ node, children }: ComponentProps<'pre'> & ExtraProps) {
    const code = (node as HastNode | undefined)?.children?.find((child) => child.tagName === 'code');
    return (
      <CodeBlock language={languageOf(code)} code={textOf(code).replace(/\n$/, '')}>
        {children}
      </CodeBlock>
    );
  },
  // Inline code too: `dir` isolates it, so `a -> b` keeps its order inside a right-to-left sentence.
  code({ node: _node, children, ...props }) {
    return (
      <code {...props} dir="ltr">
        {children}
      </code>
    );
  },
  a({ node, href, children, ...props }) {
    const citation = citationNumber(textOf(node as HastNode | undefined));
    if (citation) return <CitationLink href={href} number={citation} />;
    return (
      <a {...props} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  },
  img({ node: _node, src, alt, ...props }) {
    return <img {...props} src={src} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />;
  },
  table({ node: _node, children, ...props }) {
    return (
      <div className="table-wrap">
        <table {...props}>{children}</table>
      </div>
    );
  },
};

export interface MarkdownRendererProps {
  text: string;
  /** LaTeX through KaTeX (the LaTeXParsing setting). */
  math: boolean;
  /**
   * Render block by block (a reply that streams): a new chunk re-parses only the last block, the
   * finished ones keep their tree. A whole text is one parse, cheaper when nothing changes.
   */
  byBlock: boolean;
}

/**
 * GFM markdown of a reply. Raw HTML is dropped and react-markdown's URL filter blanks script: and
 * data: links; KaTeX and the highlighter are fetched the first time a message needs them.
 */
export const MarkdownRenderer = memo(function MarkdownRenderer({ text, math, byBlock }: MarkdownRendererProps) {
  const mathModule = useLazyModule(mathPlugins, math && mayContainMath(text));
  const highlightModule = useLazyModule(highlightPlugins, hasCodeFence(text));
  const remarkPlugins = useMemo(() => [remarkGfm, ...(mathModule?.remark ?? [])], [mathModule]);
  const rehypePlugins = useMemo(() => [...(mathModule?.rehype ?? []), ...(highlightModule?.rehype ?? [])], [mathModule, highlightModule]);
  const source = mathModule ? normalizeLatexDelimiters(text) : text;
  const blocks = byBlock ? splitMarkdownBlocks(source) : [source];
  return blocks.map((block, index) => <MarkdownBlock key={index} text={block} remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} />);
});

type PluginList = NonNullable<Options['remarkPlugins']>;

/** One parse: memoized, so a block whose text and plugins are unchanged keeps its rendered tree. */
const MarkdownBlock = memo(function MarkdownBlock({ text, remarkPlugins, rehypePlugins }: { text: string; remarkPlugins: PluginList; rehypePlugins: PluginList }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
      {text}
    </ReactMarkdown>
  );
});
