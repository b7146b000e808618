/**
 * A small readable-text extractor for the web browser tool: the page's title and the text of its
 * main content (an <article> or <main> when it has one, else the body), without scripts, styles,
 * navigation, headers, footers and forms, with paragraphs kept. Regular expressions suffice here
 * because nothing is rendered or trusted: the result is plain text for a model.
 */

/** Elements whose content is never readable text. */
const hiddenElements = ['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object', 'canvas', 'head'];
/** Page furniture around the content. */
const furnitureElements = ['nav', 'header', 'footer', 'aside', 'form', 'button', 'select'];
/** Elements that start a new paragraph. */
const blockElements = 'p|div|section|article|main|h[1-6]|ul|ol|li|dl|dt|dd|table|tr|blockquote|pre|figure|figcaption|hr|address|details|summary';

const namedEntities: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', hellip: '…', copy: '©', reg: '®', trade: '™',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', middot: '·', bull: '•', deg: '°', euro: '€', pound: '£', times: '×',
};

/** Decodes character references: numeric ones, and the named ones pages commonly use (others stay as written). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[name.toLowerCase()] ?? whole;
  });
}

const removeElements = (html: string, names: string[]) => html.replace(new RegExp(`<(${names.join('|')})\\b[^>]*>[\\s\\S]*?<\\/\\1\\s*>`, 'gi'), ' ');

/** The inner HTML of the first `name` element, when the page has one. */
function firstElement(html: string, name: string): string | null {
  return new RegExp(`<${name}\\b[^>]*>([\\s\\S]*)<\\/${name}\\s*>`, 'i').exec(html)?.[1] ?? null;
}

/** A page as text: its title (empty when it has none) and its readable text, paragraphs separated by blank lines. */
export function htmlToText(html: string): { title: string; text: string } {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, ' ');
  const title = decodeEntities(/<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(withoutComments)?.[1] ?? '').replace(/\s+/g, ' ').trim();
  const visible = removeElements(withoutComments, hiddenElements);
  const content = firstElement(visible, 'article') ?? firstElement(visible, 'main') ?? firstElement(visible, 'body') ?? visible;
  const text = removeElements(content, furnitureElements)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n\n- ')
    .replace(new RegExp(`<\\/?(?:${blockElements})\\b[^>]*>`, 'gi'), '\n\n')
    .replace(/<(?:td|th)\b[^>]*>/gi, ' | ')
    .replace(/<[^>]*>/g, '');
  return { title, text: tidy(decodeEntities(text)) };
}

/** Plain text tidied like extracted text: spaces collapsed within lines, at most one blank line between paragraphs. */
export function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^- \n/gm, '')
    .trim();
}
