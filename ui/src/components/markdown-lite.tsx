import { Fragment, type ReactNode } from 'react';

// [text](url), **bold**, *italic* or _italic_. Nothing else is markdown here; no HTML is ever parsed.
const TOKEN = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|\*([^*]+)\*|_([^_]+)_/g;

/** Web and mail links and same-site paths only: javascript:, data: and the like stay plain text. */
export function safeHref(url: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' || protocol === 'mailto:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * A line of admin-written text (the custom footer) with a few markdown marks rendered as React
 * elements. External links open in a new tab without access to this page.
 */
export function MarkdownLite({ text, linkClassName }: { text: string; linkClassName?: string }) {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push(text.slice(last, index));
    const [whole, label, url, bold, italic, underscored] = match;
    if (label !== undefined && url !== undefined) {
      const href = safeHref(url);
      const external = href !== null && !href.startsWith('/');
      nodes.push(
        href ? (
          <a
            key={index}
            href={href}
            className={linkClassName}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {label}
          </a>
        ) : (
          label
        ),
      );
    } else if (bold !== undefined) {
      nodes.push(<strong key={index}>{bold}</strong>);
    } else {
      nodes.push(<em key={index}>{italic ?? underscored}</em>);
    }
    last = index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes.map((node, position) => <Fragment key={position}>{node}</Fragment>);
}
