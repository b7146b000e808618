import { lazy, memo, Suspense, useState } from 'react';
import { classNames } from '../../components/class-names.js';

const MarkdownRenderer = lazy(() => import('./markdown-renderer.js').then((module) => ({ default: module.MarkdownRenderer })));

/** Preloads the markdown chunk (e.g. while the first reply is being requested). */
export const preloadMarkdown = () => void import('./markdown-renderer.js');

export interface MarkdownProps {
  text: string;
  /** Render $…$, $$…$$, \(…\) and \[…\] with KaTeX. */
  math?: boolean;
  /** A reply still streaming: shows the cursor after the last block. */
  streaming?: boolean;
  className?: string;
}

/**
 * A reply's markdown, memoized on its text: while one reply streams, every finished message keeps
 * its rendered tree. The parser is a separate chunk; until it arrives the text shows as written.
 */
export const Markdown = memo(function Markdown({ text, math = true, streaming = false, className }: MarkdownProps) {
  // A reply that streamed here stays rendered block by block: its end then re-parses nothing.
  const [streamed, setStreamed] = useState(streaming);
  if (streaming && !streamed) setStreamed(true);
  return (
    <div className={classNames('markdown', streaming && 'markdown-streaming', className)}>
      <Suspense fallback={<p className="whitespace-pre-wrap">{text}</p>}>
        <MarkdownRenderer text={text} math={math} byBlock={streamed || streaming} />
      </Suspense>
    </div>
  );
});
