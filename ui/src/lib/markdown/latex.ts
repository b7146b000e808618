/** Fenced or inline code: LaTeX-looking text inside it stays as written. */
const CODE = /(```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`)/g;

/**
 * remark-math reads `$…$` and `$$…$$` (displayed only when the `$$` stand on lines of their own);
 * models also write `\(…\)`, `\[…\]` and one-line `$$…$$`. Those are rewritten outside code so each
 * common notation renders as meant.
 */
export function normalizeLatexDelimiters(text: string): string {
  if (!text.includes('\\(') && !text.includes('\\[') && !text.includes('$$')) return text;
  return text
    .split(CODE)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/\\\[([\s\S]+?)\\\]/g, (_whole, body: string) => `\n$$\n${body.trim()}\n$$\n`)
            .replace(/\\\(([\s\S]+?)\\\)/g, (_whole, body: string) => `$${body}$`)
            // `$$…$$` alone on a line is meant as a displayed formula; remark-math reads it as inline.
            .replace(/^[ \t]*\$\$([^\n]+?)\$\$[ \t]*$/gm, (_whole, body: string) => `$$\n${body.trim()}\n$$`),
    )
    .join('');
}

/** Whether KaTeX is worth downloading for this text. */
export function mayContainMath(text: string): boolean {
  return /\$[^$\n]|\\\(|\\\[/.test(text);
}

/** Whether the syntax highlighter is worth downloading: a fenced block exists. */
export function hasCodeFence(text: string): boolean {
  return /(^|\n)[ \t]*(```|~~~)/.test(text);
}
