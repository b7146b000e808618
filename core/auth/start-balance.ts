import type { BalanceSettings } from '../../config/balance-settings.js';
import type { Store } from '../store/types.js';

/** The transaction context of a new account's starting credits. */
export const START_BALANCE_CONTEXT = 'startBalance';

/**
 * A new account's starting credits (config.balance: START_BALANCE and the yaml's balance.startBalance,
 * decided in config/balance-settings.ts), recorded as its first transaction. Only when balances are
 * on, as in LibreChat.
 */
export async function grantStartBalance(store: Store, userId: string, balance: BalanceSettings): Promise<void> {
  if (!balance.enabled || balance.startBalance <= 0) return;
  await store.balances.record({
    userId, conversationId: null, tokenType: 'credits', model: null, context: START_BALANCE_CONTEXT,
    rawAmount: balance.startBalance, rate: 1, tokenValue: balance.startBalance,
  });
}
