import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.js';
import { normalizeLatexDelimiters } from './latex.js';
import { highlightPlugins } from './markdown-plugins.js';

async function renderMarkdown(text: string, math = true) {
  const view = render(<Markdown text={text} math={math} />);
  // The parser is a lazy chunk: wait for the fallback paragraph to be replaced.
  await waitFor(() => expect(view.container.querySelector('.markdown')?.innerHTML).not.toContain('whitespace-pre-wrap'), { timeout: 5000 });
  return view;
}

describe('Markdown', () => {
  it('renders GFM tables, task lists and strikethrough', async () => {
    const { container } = await renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '2']);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
    expect(container.querySelector('del')).toHaveTextContent('old');
  });

  it('opens links in a new tab without referrer or opener and neutralises script and data URLs', async () => {
    await renderMarkdown('[site](https://example.com) [bad](javascript:alert(1)) [data](data:text/html,hi)');
    const site = screen.getByRole('link', { name: 'site' });
    expect(site).toHaveAttribute('href', 'https://example.com');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('bad').getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect(screen.getByText('data').getAttribute('href') ?? '').not.toMatch(/^data:/i);
  });

  it("renders Bing's citations [^N^](url) as superscript source links", async () => {
    const { container } = await renderMarkdown('Paris is the capital [^1^](https://example.com/one) of France [^2^](https://example.com/two).\n- [more](https://example.com/more)');
    const first = screen.getByRole('link', { name: 'Source 1' });
    expect(first).toHaveAttribute('href', 'https://example.com/one');
    expect(first).toHaveAttribute('target', '_blank');
    expect(first).toHaveTextContent(/^1$/);
    expect(first.closest('sup')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Source 2' })).toHaveAttribute('href', 'https://example.com/two');
    expect(container.textContent).not.toContain('^');
    // An ordinary link stays one.
    expect(screen.getByRole('link', { name: 'more' }).closest('sup')).toBeNull();
  });

  it('keeps code left to right inside right-to-left text, as a block and inline', async () => {
    const { container } = await renderMarkdown('שלום `a -> b` עולם\n\n```js\nconst x = 1;\n```');
    expect(container.querySelector('pre')).toHaveAttribute('dir', 'ltr');
    expect(container.querySelector('pre code')).toHaveAttribute('dir', 'ltr');
    expect(container.querySelector('p code')).toHaveAttribute('dir', 'ltr');
    expect(container.querySelector('p code')).toHaveTextContent('a -> b');
  });

  it('drops raw HTML', async () => {
    const { container } = await renderMarkdown('Hello <script>alert(1)</script><img src=x onerror=alert(1)> world');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows a code block with its language, highlighted, and copies the plain source', async () => {
    const user = userEvent.setup();
    const { container } = await renderMarkdown('```ts\nconst answer: number = 42;\n```');
    expect(screen.getByText('ts')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.hljs-keyword')).not.toBeNull(), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe('const answer: number = 42;');
    expect(within(container).getByText('Copied!')).toBeInTheDocument();
  });

  it('renders LaTeX with KaTeX when parsing is on, and leaves it as text when off', async () => {
    const { container, unmount } = await renderMarkdown('Euler: $e^{i\\pi} + 1 = 0$');
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull(), { timeout: 5000 });
    unmount();
    const off = await renderMarkdown('Euler: $e^{i\\pi} + 1 = 0$', false);
    expect(off.container.querySelector('.katex')).toBeNull();
    expect(off.container).toHaveTextContent('$e^{i\\pi} + 1 = 0$');
  });
});

describe('Markdown while a reply streams', () => {
  const finished = '# Plan\n\nRead the input **once**.\n\n- group\n- sum\n\n```js\nconst totals = new Map();\n```\n\nDone.';
  const shown = (container: HTMLElement) => container.querySelector('.markdown')!.innerHTML.replace(/\n/g, '');

  it('renders the growing text block by block, and ends as the finished reply renders', async () => {
    const streamed = await renderMarkdown(finished.slice(0, 20), false);
    for (const length of [40, 60, 90, finished.length]) streamed.rerender(<Markdown text={finished.slice(0, length)} math={false} streaming />);
    streamed.rerender(<Markdown text={finished} math={false} />);
    await waitFor(() => expect(streamed.container.querySelector('.hljs-keyword')).not.toBeNull(), { timeout: 5000 });
    const whole = await renderMarkdown(finished, false);
    await waitFor(() => expect(whole.container.querySelector('.hljs-keyword')).not.toBeNull(), { timeout: 5000 });
    expect(shown(streamed.container)).toBe(shown(whole.container));
    expect(within(streamed.container).getByRole('heading', { name: 'Plan' })).toBeInTheDocument();
    expect(streamed.container).toHaveTextContent('Done.');
  });

  it('highlights with one highlighter made once, not one per render', async () => {
    const { rehype } = await highlightPlugins.load();
    const [attach] = rehype as Array<() => unknown>;
    expect(attach()).toBe(attach());
  });
});

describe('normalizeLatexDelimiters', () => {
  it('rewrites \\( \\) and \\[ \\] outside code only', () => {
    expect(normalizeLatexDelimiters('a \\(x^2\\) b `\\(keep\\)`')).toBe('a $x^2$ b `\\(keep\\)`');
    expect(normalizeLatexDelimiters('see \\[ y \\] here')).toBe('see \n$$\ny\n$$\n here');
    expect(normalizeLatexDelimiters('$$a+b$$\ninline $$c$$ stays')).toBe('$$\na+b\n$$\ninline $$c$$ stays');
    expect(normalizeLatexDelimiters('```\n\\[code\\]\n```')).toBe('```\n\\[code\\]\n```');
  });
});
