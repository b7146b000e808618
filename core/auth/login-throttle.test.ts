import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from './login-throttle.js';

describe('login throttle', () => {
  it('lets the first failures pass, then doubles the wait with each failure up to 16 times the base', () => {
    const throttle = createLoginThrottle({ baseDelayMs: 1000, now: () => 0 });
    const waits: number[] = [];
    for (let failure = 0; failure < 10; failure += 1) {
      waits.push(throttle.delayFor('owner@example.com'));
      throttle.failed('owner@example.com');
    }
    expect(waits).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 16000, 16000, 16000]);
  });

  it('keys by the email however it is typed, slows unknown emails alike, and leaves other accounts alone', () => {
    const throttle = createLoginThrottle({ baseDelayMs: 100, now: () => 0 });
    for (let failure = 0; failure < 4; failure += 1) throttle.failed(' Owner@Example.com');
    for (let failure = 0; failure < 4; failure += 1) throttle.failed('nobody@example.com');
    expect(throttle.delayFor('owner@example.com')).toBe(200);
    expect(throttle.delayFor('nobody@example.com')).toBe(200);
    expect(throttle.delayFor('someone-else@example.com')).toBe(0);
  });

  it('forgets the failures at a successful login and an hour after the last one', () => {
    let clock = 0;
    const throttle = createLoginThrottle({ baseDelayMs: 100, now: () => clock });
    for (let failure = 0; failure < 5; failure += 1) throttle.failed('a@example.com');
    throttle.succeeded('a@example.com');
    expect(throttle.delayFor('a@example.com')).toBe(0);

    for (let failure = 0; failure < 5; failure += 1) throttle.failed('b@example.com');
    clock = 59 * 60 * 1000;
    expect(throttle.delayFor('b@example.com')).toBe(400);
    clock = 61 * 60 * 1000;
    expect(throttle.delayFor('b@example.com')).toBe(0);
    throttle.failed('b@example.com');
    expect(throttle.delayFor('b@example.com')).toBe(0);
  });

  it('is off with a base delay of 0', () => {
    const throttle = createLoginThrottle({ baseDelayMs: 0 });
    for (let failure = 0; failure < 10; failure += 1) throttle.failed('a@example.com');
    expect(throttle.delayFor('a@example.com')).toBe(0);
  });
});
