/**
 * Where a turn yields the event loop. Every turn streams on the one event loop that all other
 * turns share, and some of a turn's work is long and synchronous (sign-in, planning, the SDK's
 * request building, SQLite writes, the tokenizer): these helpers place the yields so that one turn
 * starting or ending does not hold back the next chunk of every other stream.
 */

const checkPhase = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Between two synchronous pieces of a turn's work (its storage writes, as SQLite calls block the
 * event loop, and its start when other turns stream): the chunks other streams have waiting are read
 * and forwarded first, so that one turn starting or ending holds no other stream's next chunk back
 * for the sum of its pieces.
 */
export const otherStreamsFirst = checkPhase;

/**
 * Long enough for the SDK to put a request it just started on the wire: its promise chain runs in
 * microtasks; undici 7 (which every upstream call goes through, see upstream-fetch.ts) writes to a
 * kept-alive connection one check phase later (it first looks for bytes the server sent on the idle
 * socket), which is after a first setImmediate queued before it.
 */
export async function requestOnTheWire(): Promise<void> {
  await checkPhase();
  await checkPhase();
}
