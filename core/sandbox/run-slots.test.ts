import { describe, expect, it } from 'vitest';
import { createRunSlots } from './run-slots.js';

describe('run slots', () => {
  it('lets `size` runs in at once and the next in order as each finishes', async () => {
    const slots = createRunSlots(2);
    const order: string[] = [];
    const first = await slots.acquire();
    const second = await slots.acquire();
    const third = slots.acquire().then((release) => (order.push('third'), release));
    const fourth = slots.acquire().then((release) => (order.push('fourth'), release));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    first();
    first(); // a second call of the same release frees nothing more
    await third;
    expect(order).toEqual(['third']);
    second();
    (await fourth)();
    expect(order).toEqual(['third', 'fourth']);
  });

  it('drops a waiting run whose signal fires, without taking a slot', async () => {
    const slots = createRunSlots(1);
    const held = await slots.acquire();
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow('The run was stopped.');
    held();
    const next = await Promise.race([slots.acquire(), new Promise((resolve) => setTimeout(() => resolve('blocked'), 50))]);
    expect(next).toBeTypeOf('function');
  });
});
