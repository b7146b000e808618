/** The part of Bing's final bot message the reply is made of. */
export interface BingBotMessage {
  author?: string;
  text?: string;
  spokenText?: string;
  messageId?: string;
  adaptiveCards?: Array<{ body?: Array<{ type?: string; text?: string }> }>;
  sourceAttributions?: Array<{ seeMoreUrl?: string; providerDisplayName?: string }>;
  suggestedResponses?: Array<{ text?: string }>;
  contentOrigin?: string;
}

/**
 * The stored reply, as LibreChat writes it (§6.2): the longer of the final text and what streamed
 * (or the spoken text, or a refusal note); each citation mark `[^N^]` made a link to its source;
 * the links of the last adaptive-card text block listed below.
 */
export function replyText(streamed: string, message: BingBotMessage | undefined): string {
  const final = message?.text ?? '';
  const base = (final.length >= streamed.length ? final : streamed) || message?.spokenText || '**Bing refused to answer.**';
  const sources = message?.sourceAttributions ?? [];
  const cited = base.replace(/\[\^(\d+)\^\](?!\()/g, (whole, number: string) => {
    const url = sources[Number(number) - 1]?.seeMoreUrl;
    return url ? `[^${number}^](${url})` : whole;
  });
  const blocks = (message?.adaptiveCards?.[0]?.body ?? []).filter((block) => block.type === 'TextBlock' && block.text);
  const links = blocks.at(-1)?.text?.match(/ \[[^\]]+\]\([^)]+\)/g) ?? [];
  return links.length > 0 ? `${cited}\n- ${links.map((link) => link.trim()).join('\n - ')}` : cited;
}
