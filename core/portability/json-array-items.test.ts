import { describe, expect, it } from 'vitest';
import { jsonArrayItems } from './json-array-items.js';

async function items(chunks: Array<Buffer | string>): Promise<unknown[]> {
  const values: unknown[] = [];
  for await (const value of jsonArrayItems((async function* () { yield* chunks; })())) values.push(value);
  return values;
}

/** The text cut into pieces of `size` bytes, so a boundary falls inside every token once. */
const cut = (text: string, size: number) => {
  const bytes = Buffer.from(text);
  const pieces: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) pieces.push(bytes.subarray(start, start + size));
  return pieces;
};

const tricky = [
  { title: 'quotes " and \\ and ] } , inside', nested: [[1, 2], { a: [] }], emoji: 'é 😀 中' },
  'a plain string with a comma, and a bracket ]',
  42,
  null,
  [],
  { escaped: '\\"', tail: '\\' },
];

describe('jsonArrayItems', () => {
  it('hands out each item of the list, whatever the chunk boundaries', async () => {
    const text = ` \n${JSON.stringify(tricky, null, 2)}\n`;
    for (const size of [1, 2, 3, 7, 64, text.length]) expect(await items(cut(text, size))).toEqual(tricky);
  });

  it('reads an empty list and string chunks', async () => {
    expect(await items(['[', ' ', ']'])).toEqual([]);
    expect(await items(['[{"a":1},', '{"b":2}]'])).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('keeps the items before a break, then says where the file broke off', async () => {
    const values: unknown[] = [];
    const reading = (async () => {
      for await (const value of jsonArrayItems((async function* () { yield '[{"a":1},{"b":'; })())) values.push(value);
    })();
    await expect(reading).rejects.toThrow('The file is not valid JSON: the file breaks off in item 2');
    expect(values).toEqual([{ a: 1 }]);
  });

  it('refuses a broken item, an empty item, data after the list and a file that is no list', async () => {
    await expect(items(['[{"a":1},{"b":}]'])).rejects.toThrow(/^The file is not valid JSON: item 2: /);
    await expect(items(['[1,,2]'])).rejects.toThrow('The file is not valid JSON: item 2 is empty');
    await expect(items(['[1,2,]'])).rejects.toThrow('The file is not valid JSON: an empty item after item 2');
    await expect(items(['[1] x'])).rejects.toThrow(/^The file is not valid JSON: unexpected data after the end of the list/);
    await expect(items(['{"a":1}'])).rejects.toThrow('The file is not valid JSON: the file does not start with a list');
    await expect(items(['  '])).rejects.toThrow('The file is not valid JSON: the file holds no list');
  });
});
