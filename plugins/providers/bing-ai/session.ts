import { z } from 'zod';

const optionalText = z.string().nullish().transform((value) => value || undefined);

/** The conversation options a Bing turn reads (ChatRequest.session.conversation); anything else is ignored. */
export const bingSessionSchema = z.object({
  jailbreak: z.boolean().nullish(),
  jailbreakConversationId: optionalText,
  conversationSignature: optionalText,
  clientId: optionalText,
  bingConversationId: optionalText,
  invocationId: z.number().int().min(0).nullish(),
  toneStyle: z.enum(['creative', 'fast', 'balanced', 'precise']).nullish(),
  context: optionalText,
});

export type BingSession = z.output<typeof bingSessionSchema>;

/** The session of a turn; a malformed one (options written by an old version) starts afresh. */
export function readBingSession(conversation: Record<string, unknown> | undefined): BingSession {
  const parsed = bingSessionSchema.safeParse(conversation ?? {});
  return parsed.success ? parsed.data : bingSessionSchema.parse({});
}
