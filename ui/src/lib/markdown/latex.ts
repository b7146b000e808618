/** Fenced or inline code: LaTeX-looking text inside it stays as written. */
const CODE = /(```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`)/g;

/**
 * remark-math reads `$…$` and `$$…$$`; models also write `\(…\)` and `\[…\]`. Those are rewritten
 * outside code so every common notation renders.
 */
export function normalizeLatexDelimiters(text: string): string {
  if (!text.includes('\\(') && !text.includes('\\[')) return text;
  return text
    .split(CODE)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/\\\[([\s\S]+?)\\\]/g, (_whole, body: string) => `$$${body}$$`)
            .replace(/\\\(([\s\S]+?)\\\)/g, (_whole, body: string) => `$${body}$`),
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
