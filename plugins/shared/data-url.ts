/** The parts of a base64 `data:` URL, as Anthropic and Gemini want inline images. */
export interface InlineData {
  mimeType: string;
  data: string;
}

const dataUrlPattern = /^data:([^;,]+);base64,(.*)$/s;

/** Undefined when the URL is not a base64 data URL (an https image, for instance). */
export function parseDataUrl(url: string): InlineData | undefined {
  const match = dataUrlPattern.exec(url);
  return match ? { mimeType: match[1], data: match[2] } : undefined;
}
