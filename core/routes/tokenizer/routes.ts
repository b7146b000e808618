import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { countTokens } from '../../chat/tokens.js';
import { parseInput } from '../parse.js';

const tokenizerRequestSchema = z.object({
  text: z.string({ message: 'text is required' }).max(1_000_000, 'text is too long'),
  model: z.string().optional(),
});

/** POST /api/tokenizer {text, model?} → {count}: OpenAI's tokenizer, an estimate for other models. */
export async function tokenizerRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/tokenizer', { preHandler: app.auth.authenticate }, async (request) => {
    const { text, model } = parseInput(tokenizerRequestSchema, request.body);
    return { count: countTokens(text, model ?? 'gpt-4o') };
  });
}
