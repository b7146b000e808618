import { BingResultError } from './bing-failure.js';
import type { BingBotMessage } from './reply-text.js';

/** How Bing's answer ended: its final bot message, absent when an error came after some text. */
export interface BingCompletion {
  message?: BingBotMessage;
}

interface HubMessage {
  type?: number;
  error?: string;
  arguments?: Array<{ messages?: BingBotMessage[] }>;
  item?: { messages?: BingBotMessage[]; result?: { value?: string; message?: string; error?: string } };
}

const isHubMessage = (value: unknown): value is HubMessage => typeof value === 'object' && value !== null;

/** Text up to Sydney's stop sequence. */
const cut = (text: string, stop: string | undefined) => {
  const at = stop ? text.indexOf(stop) : -1;
  return at === -1 ? text : text.slice(0, at);
};

/**
 * Bing's ChatHub messages (§6.3 step 5) as the reply's new text: type-1 updates carry the bot's
 * cumulative text (apologies and other authors ignored), the type-2 completion ends it. Errors throw.
 */
export async function* readBingEvents(messages: AsyncIterable<unknown>, stop: string | undefined): AsyncGenerator<string, BingCompletion> {
  let streamed = '';
  for await (const message of messages) {
    if (!isHubMessage(message)) continue;
    if (message.type === 1) {
      const bot = message.arguments?.[0]?.messages?.[0];
      if (!bot || bot.author !== 'bot' || bot.contentOrigin === 'Apology' || typeof bot.text !== 'string') continue;
      const text = cut(bot.text, stop);
      if (text.length > streamed.length && text.startsWith(streamed)) {
        yield text.slice(streamed.length);
        streamed = text;
      }
      continue;
    }
    if (message.type === 2) {
      const result = message.item?.result;
      if (result?.value === 'InvalidSession') throw new BingResultError('InvalidSession', result.message ?? '');
      if (result?.error || (result?.value && result.value !== 'Success')) {
        if (streamed) return {};
        throw new BingResultError(result.value ?? 'Error', result.message ?? result.error ?? '');
      }
      const last = message.item?.messages?.at(-1);
      if (!last || last.author !== 'bot') throw new Error('No message was generated.');
      return { message: { ...last, ...(typeof last.text === 'string' ? { text: cut(last.text, stop) } : {}) } };
    }
    if (message.type === 7) throw new Error(`Connection closed with an error. ${message.error ?? ''}`.trim());
    if (message.type !== 3 && message.type !== 6 && message.error) throw new Error(`Event Type('${message.type}'): ${message.error}`);
  }
  throw new Error('The Bing websocket closed before the reply was complete');
}
