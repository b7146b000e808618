import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, textOf } from '../../../testing/file-storage-conformance.js';
import { sliceStream, webStreamChunks } from './byte-range.js';
import { spoolToDisk } from './spool-to-disk.js';

describe('spoolToDisk', () => {
  let folder: string;
  let previous: string | undefined;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'chatbox-spool-test-'));
    previous = process.env.TMPDIR;
    process.env.TMPDIR = folder;
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes the body under TMPDIR, answers a named File over it, and removes it', async () => {
    const spooled = await spoolToDisk(bodyOf('hello ', 'disk'), 'u1__a.txt', 'text/plain');
    expect(spooled.bytes).toBe(10);
    expect(spooled.file.name).toBe('u1__a.txt');
    expect(spooled.file.type).toBe('text/plain');
    expect(await spooled.file.text()).toBe('hello disk');
    expect(readdirSync(folder)).toHaveLength(1);
    await spooled.remove();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('removes the partial file and rejects when the body fails or the signal aborts', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('part');
      throw new Error('client went away');
    }
    await expect(spoolToDisk(failing(), 'a.bin', 'application/octet-stream')).rejects.toThrow('client went away');
    const controller = new AbortController();
    controller.abort();
    await expect(spoolToDisk(bodyOf('x'), 'a.bin', 'application/octet-stream', controller.signal)).rejects.toThrow();
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('sliceStream', () => {
  it.each([
    [{ start: 0 }, '0123456789'],
    [{ start: 0, end: 0 }, '0'],
    [{ start: 2, end: 7 }, '234567'],
    [{ start: 3, end: 3 }, '3'],
    [{ start: 4 }, '456789'],
    [{ start: 9, end: 20 }, '9'],
    [{ start: 12 }, ''],
  ])('reads %j across chunk boundaries as %j', async (range, expected) => {
    expect(await textOf(sliceStream(bodyOf('012', '3', '45678', '9'), range))).toBe(expected);
  });

  it('stops reading the source once past the end', async () => {
    let pulled = 0;
    async function* counted(): AsyncGenerator<Uint8Array> {
      for (const part of ['ab', 'cd', 'ef', 'gh']) {
        pulled += 1;
        yield Buffer.from(part);
      }
    }
    expect(await textOf(sliceStream(counted(), { start: 1, end: 2 }))).toBe('bc');
    expect(pulled).toBe(2);
  });
});

describe('webStreamChunks', () => {
  it('yields the chunks of a web stream and cancels it when the consumer stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of ['a', 'b', 'c']) controller.enqueue(Buffer.from(part));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const chunk of webStreamChunks(stream)) {
      expect(Buffer.from(chunk).toString()).toBe('a');
      break;
    }
    expect(cancelled).toBe(true);
  });

  it('rejects once the signal aborts', async () => {
    const controller = new AbortController();
    const stream = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    const reading = textOf(webStreamChunks(stream, controller.signal));
    controller.abort(new Error('stopped'));
    await expect(reading).rejects.toThrow();
  });
});
