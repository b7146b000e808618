import type { ServerEnv } from './env.js';
import type { BalanceConfig, RefillIntervalUnit } from './schema/balance.js';

/** Token credits as the server applies them: the one place that decides them (see balanceSettings). */
export interface BalanceSettings {
  /** Spending is recorded and a turn the balance cannot pay for is refused. */
  enabled: boolean;
  /** Credits a new account starts with (only when enabled, as in LibreChat). */
  startBalance: number;
  /** Credits added when a turn finds the balance too low and the interval since the last refill has passed. */
  autoRefill: { amount: number; intervalValue: number; intervalUnit: RefillIntervalUnit } | null;
}

/** LibreChat's documented defaults for the keys a `balance` section leaves out. */
const defaults = { startBalance: 20_000, refillIntervalValue: 30, refillIntervalUnit: 'days', refillAmount: 10_000 } as const;

/**
 * CHECK_BALANCE and START_BALANCE (LibreChat before config 1.2) combined with librechat.yaml's
 * `balance`, as LibreChat does: every key the yaml sets wins over the environment. When the yaml
 * has a `balance` section, a start balance set nowhere is LibreChat's default of 20000.
 */
export function balanceSettings(env: Pick<ServerEnv, 'CHECK_BALANCE' | 'START_BALANCE'>, rawEnv: NodeJS.ProcessEnv, yaml: BalanceConfig | undefined): BalanceSettings {
  const startFromEnv = rawEnv.START_BALANCE?.trim() ? env.START_BALANCE : undefined;
  const enabled = yaml?.enabled ?? env.CHECK_BALANCE;
  const startBalance = yaml?.startBalance ?? startFromEnv ?? (yaml ? defaults.startBalance : 0);
  const refillAmount = yaml?.refillAmount ?? defaults.refillAmount;
  const autoRefill = yaml?.autoRefillEnabled && refillAmount > 0
    ? { amount: refillAmount, intervalValue: yaml.refillIntervalValue ?? defaults.refillIntervalValue, intervalUnit: yaml.refillIntervalUnit ?? defaults.refillIntervalUnit }
    : null;
  return { enabled, startBalance, autoRefill };
}

/** `date` plus the refill interval; months are calendar months, as in LibreChat. */
export function addRefillInterval(date: Date, value: number, unit: RefillIntervalUnit): Date {
  const result = new Date(date);
  const seconds = { seconds: 1, minutes: 60, hours: 3_600, days: 86_400, weeks: 604_800 } as const;
  if (unit === 'months') result.setMonth(result.getMonth() + value);
  else result.setTime(result.getTime() + value * seconds[unit] * 1000);
  return result;
}
