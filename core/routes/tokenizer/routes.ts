import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { countTokens } from '../../chat/tokens.js';
import { parseInput } from '../parse.js';

const textSchema = z.string({ message: 'text is required' }).max(1_000_000, 'text is too long');

/** `{text, model?}`, or `{arg: text}` as LibreChat v0.7.1's client posts it. */
const tokenizerRequestSchema = z.union([
  z.object({ text: textSchema, model: z.string().optional() }),
  z.object({ arg: textSchema }).transform(({ arg }) => ({ text: arg, model: undefined })),
], { message: 'text is required' });

/** POST /api/tokenizer {text, model?} or {arg} → {count}: OpenAI's tokenizer, an estimate for other models. */
export async function tokenizerRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/tokenizer', { preHandler: app.auth.authenticate }, async (request) => {
    const { text, model } = parseInput(tokenizerRequestSchema, request.body);
    return { count: countTokens(text, model ?? 'gpt-4o') };
  });
}
