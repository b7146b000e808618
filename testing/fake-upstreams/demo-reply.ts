import type { RecordedRequest } from './control.js';

/** The last user text of a request in any of the four wire formats. */
function lastUserText(request: RecordedRequest): string {
  const body = request.body ?? {};
  const turns: Array<{ role?: string; content?: unknown; parts?: Array<{ text?: string }> }> = body.messages ?? body.contents ?? [];
  const last = [...turns].reverse().find((turn) => turn.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  if (Array.isArray(last.content)) return last.content.map((part: { text?: string }) => part.text ?? '').join(' ');
  return (last.parts ?? []).map((part) => part.text ?? '').join(' ');
}

const isTitleRequest = (request: RecordedRequest) => {
  const body = request.body ?? {};
  return body.max_tokens === 16 || body.max_completion_tokens === 16 || body.generationConfig?.maxOutputTokens === 16;
};

/**
 * What the fakes answer when someone tries chatbox against them: a short Markdown reply that shows
 * formatting, code and a table, quoting the question; a few words for title requests.
 */
export function demoReply(request: RecordedRequest): string {
  const question = lastUserText(request).trim();
  if (isTitleRequest(request)) return question.includes('User:') ? 'Trying Out Chatbox' : 'A Fake Conversation';
  const quoted = question.length > 200 ? `${question.slice(0, 200)}…` : question;
  return [
    `You said: **${quoted || '(nothing)'}**`,
    '',
    'This answer comes from the fake upstream, so you can try chatbox without an API key. It streams like a real model:',
    '',
    '| feature | works |',
    '|---|---|',
    '| streaming | yes |',
    '| Markdown | yes |',
    '',
    '```js',
    "console.log('hello from the fake upstream');",
    '```',
  ].join('\n');
}
