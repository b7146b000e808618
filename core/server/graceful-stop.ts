import type { FastifyInstance } from 'fastify';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Stops a listening server without losing a reply, within `graceMs`: it accepts no new connection
 * from the first moment (Fastify answers 503 to a request on a kept-alive one), lets running turns
 * finish while there is time, then stops those still running the way the stop button does (the
 * partial reply saved, unfinished, and the final frame sent), and closes (the store last, once every
 * stream has ended). Resolves true when all of that happened in time.
 */
export async function stopGracefully(app: FastifyInstance, { graceMs }: { graceMs: number }): Promise<boolean> {
  const deadline = Date.now() + graceMs;
  // Saving a partial reply takes milliseconds; the rest of the grace period is the turns' own.
  const stopMargin = Math.min(2_000, graceMs / 2);
  const closed = app.close();
  const running = app.chat.aborts.size;
  if (running > 0) {
    app.log.info(`waiting up to ${Math.round((graceMs - stopMargin) / 1000)} s for ${running} running replies`);
    await Promise.race([app.chat.aborts.allSettled(), sleep(graceMs - stopMargin)]);
    if (app.chat.aborts.size > 0) {
      app.log.info(`stopping ${app.chat.aborts.size} replies still running; their text so far is saved`);
      await Promise.race([app.chat.aborts.stopAll(), sleep(deadline - Date.now())]);
    }
  }
  // The server closed the connections idle when it stopped listening; those that were busy (a stream,
  // a request finishing) stay open for a client's next request until closed here.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
  app.server.closeIdleConnections();
  try {
    return await Promise.race([closed.then(() => true), sleep(Math.max(0, deadline - Date.now())).then(() => false)]);
  } finally {
    clearInterval(sweep);
  }
}
