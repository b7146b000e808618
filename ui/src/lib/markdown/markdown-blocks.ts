/**
 * Cuts markdown into top-level blocks that render alone exactly as they do together, so a streaming
 * reply re-parses only its growing last block. A cut is made only where that is certain: at a blank
 * line outside fenced code and math, before a line that cannot continue what came before (not
 * indented, and not a list item after a list). Text whose blocks depend on each other (link
 * definitions, footnotes, raw HTML that spans blank lines) or whose fences are ambiguous stays whole.
 */
export function splitMarkdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let blockStart = 0;
  let lineStart = 0;
  let fence: Fence | null = null;
  let afterBlank = false;
  let blockHasList = false;
  for (const line of text.split('\n')) {
    const start = lineStart;
    lineStart += line.length + 1;
    if (fence) {
      const closing = closesFence(line, fence);
      if (closing === 'ambiguous') return [text];
      if (closing) fence = null;
      continue;
    }
    if (BLANK.test(line)) {
      afterBlank = true;
      continue;
    }
    if (afterBlank && start > blockStart && startsBlock(line, blockHasList)) {
      blocks.push(text.slice(blockStart, start));
      blockStart = start;
      blockHasList = false;
    }
    afterBlank = false;
    if (ACROSS_BLOCKS.test(line)) return [text];
    if (LIST_ITEM.test(line)) blockHasList = true;
    fence = opensFence(line);
  }
  blocks.push(text.slice(blockStart));
  return blocks;
}

interface Fence {
  marker: '`' | '~' | '$';
  length: number;
  indent: number;
}

const BLANK = /^[ \t\r]*$/;
/** A list item at the top level (up to three spaces in). */
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
/** The start of a line that may still become a list item as it streams (`1` before `1.`). */
const MAY_BE_LIST_ITEM = /^(?:[-*+](?:[ \t]|$)|\d{1,9}(?:[.)](?:[ \t]|$)|$))/;
/** A list marker with nothing after it yet: whether it starts a list depends on what precedes it. */
const BARE_LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)]?)[ \t\r]*$/;
/** Link and footnote definitions reach back into earlier blocks; these HTML blocks run across blank lines. */
const ACROSS_BLOCKS = /^(?:[ \t>]|[-*+][ \t]|\d{1,9}[.)][ \t])*(?:\[[^\]]+\]:|<(?:pre|script|style|textarea)(?:[\s>]|$)|<[!?])/i;
const FENCE = /^( {0,3})(`{3,}|~{3,}|\${2,})(.*)$/;

/** After a blank line: whether `line` begins a block of its own rather than continuing the last one. */
function startsBlock(line: string, blockHasList: boolean): boolean {
  if (line[0] === ' ' || line[0] === '\t' || BARE_LIST_MARKER.test(line)) return false;
  return !(blockHasList && MAY_BE_LIST_ITEM.test(line));
}

/** A code fence (``` or ~~~) or a math fence ($$, remark-math) that opens on this line. */
function opensFence(line: string): Fence | null {
  const match = FENCE.exec(line);
  if (!match) return null;
  const [, indent, sequence, rest] = match;
  const marker = sequence[0] as Fence['marker'];
  // ```js``` is inline code, $$x$$ inline math.
  if ((marker === '`' || marker === '$') && rest.includes(marker)) return null;
  return { marker, length: sequence.length, indent: indent.length };
}

/**
 * Whether `line` closes `fence`. A line the parser may read differently from this simple reading
 * is 'ambiguous': a closing fence indented unlike its opening one, or a line less indented than an
 * indented fence (which may end the list item that holds it).
 */
function closesFence(line: string, fence: Fence): boolean | 'ambiguous' {
  const match = FENCE.exec(line);
  if (match && match[2][0] === fence.marker && match[2].length >= fence.length && BLANK.test(match[3])) {
    return match[1].length === fence.indent ? true : 'ambiguous';
  }
  if (fence.indent > 0 && !BLANK.test(line) && /^ */.exec(line)![0].length < fence.indent) return 'ambiguous';
  return false;
}
