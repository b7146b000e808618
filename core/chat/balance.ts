import { addRefillInterval, type BalanceSettings } from '../../config/balance-settings.js';
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

/** The transaction context of an automatic refill (LibreChat's name). */
export const AUTO_REFILL_CONTEXT = 'autoRefill';

/**
 * Token credits: a refusal before a request the balance cannot pay for (after an automatic refill
 * when one is due), then a transaction per side.
 */
export function createBalance(store: Store, settings: BalanceSettings) {
  const { enabled, autoRefill } = settings;
  // One refill at a time per user: two turns starting together must not both add the amount.
  const refilling = new Map<string, Promise<number>>();

  /**
   * LibreChat's rule: when a turn finds the balance too low and the interval has passed since the
   * last refill (or since the account was created), add the refill amount once.
   */
  async function refillIfDue(userId: string, balance: number): Promise<number> {
    if (!autoRefill) return balance;
    const last = (await store.balances.lastTransactionAt(userId, AUTO_REFILL_CONTEXT)) ?? (await store.users.findById(userId))?.createdAt;
    if (last && addRefillInterval(last, autoRefill.intervalValue, autoRefill.intervalUnit) > new Date()) return balance;
    return store.balances.record({
      userId, conversationId: null, tokenType: 'credits', model: null, context: AUTO_REFILL_CONTEXT,
      rawAmount: autoRefill.amount, rate: 1, tokenValue: autoRefill.amount,
    });
  }

  function refillOnce(userId: string, balance: number): Promise<number> {
    const running = refilling.get(userId);
    if (running) return running;
    const refill = refillIfDue(userId, balance).finally(() => refilling.delete(userId));
    refilling.set(userId, refill);
    return refill;
  }

  return {
    enabled,
    /**
     * Throws the catalogue's token_balance error when the prompt alone costs more than the balance.
     * The prompt is counted only when balances are on: the tokenizer stays off the path to the
     * upstream request otherwise.
     */
    async assertCanAfford(userId: string, model: string, countPromptTokens: () => number): Promise<void> {
      if (!enabled) return;
      let balance = await store.balances.get(userId);
      const promptTokens = countPromptTokens();
      const tokenCost = promptTokens * tokenRates(model).prompt;
      if (tokenCost > balance) balance = await refillOnce(userId, balance);
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
