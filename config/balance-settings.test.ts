import { describe, expect, it } from 'vitest';
import { addRefillInterval, balanceSettings } from './balance-settings.js';

const env = (CHECK_BALANCE: boolean, START_BALANCE?: number) => ({
  parsed: { CHECK_BALANCE, START_BALANCE: START_BALANCE ?? 0 },
  raw: START_BALANCE === undefined ? {} : { START_BALANCE: String(START_BALANCE) },
});

describe('balanceSettings: CHECK_BALANCE / START_BALANCE and the yaml balance', () => {
  it('uses the environment alone when the yaml has no balance section', () => {
    const { parsed, raw } = env(true, 700);
    expect(balanceSettings(parsed, raw, undefined)).toEqual({ enabled: true, startBalance: 700, autoRefill: null });
    const unset = env(false);
    expect(balanceSettings(unset.parsed, unset.raw, undefined)).toEqual({ enabled: false, startBalance: 0, autoRefill: null });
  });

  it('lets every key the yaml sets win over the environment', () => {
    const { parsed, raw } = env(true, 700);
    expect(balanceSettings(parsed, raw, { enabled: false, startBalance: 50 })).toMatchObject({ enabled: false, startBalance: 50 });
    const unset = env(false);
    expect(balanceSettings(unset.parsed, unset.raw, { enabled: true, startBalance: 50 })).toMatchObject({ enabled: true, startBalance: 50 });
  });

  it('keeps what the yaml leaves out from the environment, else LibreChat’s default start balance of 20000', () => {
    const set = env(true, 700);
    expect(balanceSettings(set.parsed, set.raw, { autoRefillEnabled: false })).toMatchObject({ enabled: true, startBalance: 700 });
    const unset = env(false);
    expect(balanceSettings(unset.parsed, unset.raw, { enabled: true })).toMatchObject({ enabled: true, startBalance: 20_000 });
    const zero = env(true, 0);
    expect(balanceSettings(zero.parsed, zero.raw, { enabled: true })).toMatchObject({ startBalance: 0 });
  });

  it('turns auto-refill on with LibreChat’s defaults for the interval and amount', () => {
    const { parsed, raw } = env(false);
    expect(balanceSettings(parsed, raw, { enabled: true, autoRefillEnabled: true }).autoRefill).toEqual({ amount: 10_000, intervalValue: 30, intervalUnit: 'days' });
    expect(balanceSettings(parsed, raw, { enabled: true, autoRefillEnabled: true, refillAmount: 5, refillIntervalValue: 2, refillIntervalUnit: 'hours' }).autoRefill).toEqual({ amount: 5, intervalValue: 2, intervalUnit: 'hours' });
    expect(balanceSettings(parsed, raw, { enabled: true, autoRefillEnabled: true, refillAmount: 0 }).autoRefill).toBeNull();
    expect(balanceSettings(parsed, raw, { enabled: true, refillAmount: 5 }).autoRefill).toBeNull();
  });
});

describe('addRefillInterval', () => {
  const start = new Date('2025-01-31T12:00:00Z');
  it.each([
    [90, 'seconds', '2025-01-31T12:01:30.000Z'],
    [15, 'minutes', '2025-01-31T12:15:00.000Z'],
    [36, 'hours', '2025-02-02T00:00:00.000Z'],
    [1, 'days', '2025-02-01T12:00:00.000Z'],
    [2, 'weeks', '2025-02-14T12:00:00.000Z'],
  ] as const)('adds %d %s', (value, unit, expected) => {
    expect(addRefillInterval(start, value, unit).toISOString()).toBe(expected);
  });

  it('adds calendar months', () => {
    expect(addRefillInterval(new Date('2025-03-15T08:00:00Z'), 2, 'months').getUTCMonth()).toBe(4);
  });
});
