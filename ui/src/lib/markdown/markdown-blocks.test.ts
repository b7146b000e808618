import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { describe, expect, it } from 'vitest';
import { splitMarkdownBlocks } from './markdown-blocks.js';

// remark-rehype puts a newline text node between block elements; the page does not show it.
const html = (text: string) => renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfm, remarkMath] }, text)).replace(/\n/g, '');
const byBlocks = (text: string) => splitMarkdownBlocks(text).map(html).join('');

/** A reply with every kind of block, and the places where a careless cut would change it. */
const reply = [
  '# Title\n\nA paragraph with **bold**, `code` and $x^2$ math.\nIts second line.\n\n',
  '- tight\n- list\n\n- now loose\n\n  continued in the item\n\n',
  'After the list.\n\n1. one\n2. two\n\n3. three, same list\n\n',
  'Setext heading\n---\n\n> a quote\nlazy line\n\n> another quote\n\n',
  '| a | b |\n|---|---|\n| 1 | 2 |\n\n',
  '```js\nconst a = 1;\n\n\nconst b = 2;\n```\n\n',
  '~~~\ntilde\n\nfence\n~~~\n\n',
  '$$\nx = 1\n\ny = 2\n$$\n\n',
  '    indented code\n\n    still code\n\n',
  '1. Install:\n\n   ```bash\n   npm i\n\n   npm test\n   ```\n\n2. Run it.\n\n',
  '***\n\nThe end.\n',
].join('');

/** Lists, quotes, HTML and fences in the places a parser reads with context. */
const edgeCases = [
  'Para\n- item right after\n\n* other bullet\n\n+ plus\n\nText\n\n10) ten\n\n11) eleven\n\n',
  '#Not a heading\n\n## Heading ##\n\n<div>\n\nhtml\n\n</div>\n\n- [ ] task\n- [x] done\n\n',
  '> quote\n> - in the quote\n\n- a\n  - nested\n\n    deeper\n\n',
  '   ```\n   indented fence\n\n   ```\n\n* * *\n\n- - -\n\nLast *words*.\n',
].join('');

describe('splitMarkdownBlocks', () => {
  it.each([
    ['a reply', reply],
    ['edge cases', edgeCases],
  ])('cuts %s into blocks that render together exactly as the whole text, at every point of its stream', (_name, text) => {
    expect(splitMarkdownBlocks(text).length).toBeGreaterThan(8);
    for (let length = 1; length <= text.length; length += 1) {
      const prefix = text.slice(0, length);
      expect(splitMarkdownBlocks(prefix).join('')).toBe(prefix);
      expect(byBlocks(prefix), JSON.stringify(prefix)).toBe(html(prefix));
    }
  });

  it('keeps a list whole while its next item may still be coming', () => {
    expect(splitMarkdownBlocks('- a\n\n- b\n\n1')).toEqual(['- a\n\n- b\n\n1']);
    expect(splitMarkdownBlocks('Intro\n\n1. a\n\n2. b')).toEqual(['Intro\n\n', '1. a\n\n2. b']);
  });

  it('does not cut inside fenced code or math', () => {
    expect(splitMarkdownBlocks('```\na\n\nb\n```\n\nc')).toEqual(['```\na\n\nb\n```\n\n', 'c']);
    expect(splitMarkdownBlocks('```\na\n\nb')).toEqual(['```\na\n\nb']);
    expect(splitMarkdownBlocks('$$\na\n\nb\n$$\n\nc')).toEqual(['$$\na\n\nb\n$$\n\n', 'c']);
    expect(splitMarkdownBlocks('```js```\n\nb')).toEqual(['```js```\n\n', 'b']);
  });

  it('keeps whole the texts whose blocks depend on each other or whose fences it cannot read for sure', () => {
    for (const text of [
      'See [the docs][docs].\n\nMore.\n\n[docs]: https://example.com',
      'A note[^1].\n\nMore.\n\n[^1]: The note.',
      '<!-- a comment\n\nstill the comment -->\n\nText',
      '- a\n\n  ```\n  code\n\nnot in the item\n```\nfence\n\nstill fence\n```',
      '- ```js\n  let a;\n\n  let b;\n  ```\n\n   ```\n   fence\n\n   ```\n\nText',
    ]) {
      expect(splitMarkdownBlocks(text)).toEqual([text]);
      expect(byBlocks(text)).toBe(html(text));
    }
  });
});
