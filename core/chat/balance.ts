import { ChatboxError } from '../errors/index.js';
import type { Store } from '../store/types.js';
import { tokenRates } from './pricing.js';

export interface Spend {
  userId: string;
  conversationId: string | null;
  model: string;
  /** 'message', 'title' or 'incomplete'. */
  context: string;
  promptTokens: number;
  completionTokens: number;
}

/** Token credits: a refusal before a request the balance cannot pay for, then a transaction per side. */
export function createBalance(store: Store, enabled: boolean) {
  return {
    enabled,
    /**
     * Throws the catalogue's token_balance error when the prompt alone costs more than the balance.
     * The prompt is counted only when balances are on: the tokenizer stays off the path to the
     * upstream request otherwise.
     */
    async assertCanAfford(userId: string, model: string, countPromptTokens: () => number): Promise<void> {
      if (!enabled) return;
      const balance = await store.balances.get(userId);
      const promptTokens = countPromptTokens();
      const tokenCost = promptTokens * tokenRates(model).prompt;
      if (tokenCost > balance) throw new ChatboxError('token_balance', undefined, { balance, promptTokens, tokenCost });
    },
    async spend(spend: Spend): Promise<void> {
      if (!enabled) return;
      const rates = tokenRates(spend.model);
      const sides = [
        { tokenType: 'prompt' as const, tokens: spend.promptTokens, rate: rates.prompt },
        { tokenType: 'completion' as const, tokens: spend.completionTokens, rate: rates.completion },
      ];
      for (const side of sides) {
        if (side.tokens <= 0) continue;
        await store.balances.record({
          userId: spend.userId, conversationId: spend.conversationId, tokenType: side.tokenType, model: spend.model,
          context: spend.context, rawAmount: -side.tokens, rate: side.rate, tokenValue: -side.tokens * side.rate,
        });
      }
    },
  };
}

export type Balance = ReturnType<typeof createBalance>;
