import { describe, expect, it } from 'vitest';
import { isSvgText, isUtf8Text } from './text-content.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('isUtf8Text', () => {
  it('accepts UTF-8 text with tabs, line ends and non-ASCII letters', () => {
    expect(isUtf8Text(utf8('name,city\r\nZoë,Kraków\t✓\n'), { wholeFile: true })).toBe(true);
    expect(isUtf8Text(utf8('\u001b[31mred log line\u001b[0m\n'), { wholeFile: true })).toBe(true);
  });

  it('refuses invalid UTF-8 (Latin-1 bytes, overlong forms) and binary controls such as NUL', () => {
    expect(isUtf8Text(Uint8Array.from([0x63, 0x61, 0x66, 0xe9]), { wholeFile: true })).toBe(false);
    expect(isUtf8Text(Uint8Array.from([0xc0, 0xaf]), { wholeFile: true })).toBe(false);
    expect(isUtf8Text(utf8('text\u0000more'), { wholeFile: true })).toBe(false);
    expect(isUtf8Text(utf8('bell\u0007'), { wholeFile: true })).toBe(false);
  });

  it('forgives a character cut at the end of a head, but not at the end of a whole file', () => {
    const cut = utf8('price: 5€').subarray(0, -1);
    expect(isUtf8Text(cut, { wholeFile: false })).toBe(true);
    expect(isUtf8Text(cut, { wholeFile: true })).toBe(false);
  });
});

describe('isSvgText', () => {
  it('finds an SVG behind a BOM, an XML declaration, comments and a doctype with an internal subset', () => {
    expect(isSvgText(utf8('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBe(true);
    expect(isSvgText(utf8('\uFEFF  <?xml version="1.0"?>\n<!-- drawn by hand -->\n<SVG>'))).toBe(true);
    expect(isSvgText(utf8('<?xml version="1.0"?><!DOCTYPE svg [ <!ENTITY a "b"> ]><svg>&a;</svg>'))).toBe(true);
  });

  it('does not take an HTML page with an inline SVG or a text mentioning <svg> for one', () => {
    expect(isSvgText(utf8('<!doctype html><html><body><svg></svg></body></html>'))).toBe(false);
    expect(isSvgText(utf8('Use an <svg> element for icons.'))).toBe(false);
  });
});
