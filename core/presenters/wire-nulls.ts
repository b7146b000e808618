/**
 * One rule for every answer: a field without a value is left out, unless the client contract accepts
 * null for it. LibreChat v0.7.1's client checks conversations at run time with schemas whose optional
 * fields reject null (`endpointType: null` crashes the whole app), while a missing key always passes.
 * The stores hand back null for an empty column or an option saved as null, so the presenters drop
 * those here. See shared/reference/librechat-client-contract.md §1.5 and §2.1–2.3.
 */
export function omitNulls<T extends object>(record: T, nullable: ReadonlySet<string>): T {
  const copy = { ...record };
  for (const field in copy) {
    if (copy[field] === null && !nullable.has(field)) delete copy[field];
  }
  return copy;
}

/** The endpoint settings the contract marks nullable on conversations and presets alike (§2.1). */
export const nullableEndpointSettings = [
  'model', 'modelLabel', 'chatGptLabel', 'promptPrefix', 'systemMessage', 'agentOptions',
  'jailbreakConversationId', 'conversationSignature', 'clientId', 'invocationId', 'toneStyle',
] as const;
