/** C0 controls a text file may hold: tab, line feed, vertical tab, form feed, carriage return, escape (ANSI colours in logs). */
const allowedControls = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b]);

/**
 * True when `head` reads as UTF-8 text: valid UTF-8 and no control characters a text file does not
 * hold (a NUL is the surest sign of binary data). When `head` is only the start of the file, a
 * character cut in two at its end is not held against it.
 */
export function isUtf8Text(head: Uint8Array, { wholeFile }: { wholeFile: boolean }): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !wholeFile });
  } catch {
    return false;
  }
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && !allowedControls.has(code)) return false;
  }
  return true;
}

/**
 * True when a text starts as an SVG document (after a byte-order mark, blanks, an XML declaration,
 * comments and a doctype). An HTML page with an inline <svg> is not one.
 */
export function isSvgText(head: Uint8Array): boolean {
  let text = new TextDecoder('utf-8').decode(head.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const prolog = /^\s*(<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!doctype[^>[]*(\[[\s\S]*?\])?\s*>)/i;
  for (let match = prolog.exec(text); match; match = prolog.exec(text)) text = text.slice(match[0].length);
  return /^\s*<svg[\s>/]/i.test(text);
}
