import { expectStatus, keepAliveAgent, requestJson } from '../lib/http.js';
import { figure, newResult, type BenchResult } from '../lib/report.js';
import { logIn, registerUser, startBenchServer, unlimitedEnv } from '../lib/server.js';
import { summarize } from '../lib/stats.js';

export interface LoginBenchOptions {
  /** Sign-ins sent at once, each for an account of its own. */
  concurrentLogins: number;
  rounds: number;
  /** Pause between two probe requests of the signed-in user. */
  probeGapMs: number;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Issue 15 item 9: while 50 sign-ins hash their passwords (bcrypt at cost 10, about 100 ms of CPU
 * each), a user already signed in keeps asking for their conversation list; its latency shows
 * whether hashing blocks the event loop (it did: single requests waited 4.8 to 8 s).
 */
export async function loginLoadBench(options: LoginBenchOptions): Promise<BenchResult> {
  const result = newResult('logins');
  // The account throttle only slows failed logins, and these all succeed; it is off to be sure.
  const server = await startBenchServer({ env: { ...unlimitedEnv, LOGIN_ACCOUNT_DELAY: '0' } });
  try {
    const agent = keepAliveAgent();
    const reader = await registerUser(server.url, 'reader@bench.local');
    const emails = Array.from({ length: options.concurrentLogins }, (_, index) => `login-${index}@bench.local`);
    for (const email of emails) await registerUser(server.url, email);
    // The route's first answers (compilation, caches) are not what this measures.
    for (let warmup = 0; warmup < 20; warmup += 1) {
      expectStatus(await requestJson(`${server.url}/api/convos`, { agent, headers: { authorization: `Bearer ${reader}` } }), 200, 'GET /api/convos');
    }

    const probes: number[] = [];
    const loginRounds: number[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      let running = true;
      const probe = (async () => {
        while (running) {
          const answer = await requestJson(`${server.url}/api/convos`, { agent, headers: { authorization: `Bearer ${reader}` } });
          expectStatus(answer, 200, 'GET /api/convos');
          probes.push(answer.ms);
          await sleep(options.probeGapMs);
        }
      })();
      const started = performance.now();
      await Promise.all(emails.map((email) => logIn(server.url, email, { agent })));
      loginRounds.push(performance.now() - started);
      running = false;
      await probe;
    }

    const latency = summarize(probes);
    result.figures.push(
      figure(`GET /api/convos p99 during ${options.concurrentLogins} concurrent logins`, latency.p99, 'ms', 50),
      figure(`GET /api/convos p50 during ${options.concurrentLogins} concurrent logins`, latency.p50, 'ms'),
      figure(`${options.concurrentLogins} concurrent logins, all answered`, summarize(loginRounds).p50, 'ms'),
    );
    result.notes.push(
      `${options.rounds} round(s) of ${options.concurrentLogins} sign-ins with the right password; ${latency.count} probe requests, ` +
        `one at a time ${options.probeGapMs} ms apart, by a user signed in before; bcrypt cost 10`,
    );
    result.errors.push(...server.errorLines());
  } finally {
    await server.stop();
  }
  return result;
}
