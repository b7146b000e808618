/**
 * Test helper: the tool results an upstream request carries, in each provider's own shape (OpenAI
 * `tool` messages, Anthropic `tool_result` parts, Gemini `functionResponse` parts), as text.
 */
// The body is whatever JSON the fake upstream recorded; each shape is probed where it would be.
export function toolResultsIn(body: any): string[] {
  const results: string[] = [];
  for (const message of body?.messages ?? []) {
    if (message.role === 'tool') results.push(typeof message.content === 'string' ? message.content : JSON.stringify(message.content));
    if (Array.isArray(message.content)) for (const part of message.content) if (part.type === 'tool_result') results.push(JSON.stringify(part.content));
  }
  for (const content of body?.contents ?? []) for (const part of content.parts ?? []) if (part.functionResponse) results.push(JSON.stringify(part.functionResponse.response));
  return results;
}
