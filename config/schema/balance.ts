import { z } from 'zod';

export const refillIntervalUnits = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months'] as const;

export type RefillIntervalUnit = (typeof refillIntervalUnits)[number];

/**
 * `balance` (config 1.2+): token credits. Every key is optional here; what an absent key means
 * (the CHECK_BALANCE / START_BALANCE environment, then LibreChat's defaults) is decided in one
 * place, config/balance-settings.ts.
 */
export const balanceSchema = z.strictObject({
  enabled: z.boolean().optional(),
  /** Credits a new account starts with. */
  startBalance: z.number().nonnegative().optional(),
  autoRefillEnabled: z.boolean().optional(),
  refillIntervalValue: z.number().positive().optional(),
  refillIntervalUnit: z.enum(refillIntervalUnits).optional(),
  refillAmount: z.number().nonnegative().optional(),
});

export type BalanceConfig = z.output<typeof balanceSchema>;
