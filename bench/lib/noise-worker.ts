/**
 * Runs in a worker thread: scanning /proc takes milliseconds, and on the load generator's own event
 * loop that pause would show up in the very latencies being measured.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { loadAverage } from './proc-stats.js';

const rootPid = (workerData as { rootPid: number }).rootPid;

function machineBusyTicks(): number {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
  return user + nice + system + irq + softirq + steal;
}

/** CPU ticks of this process and every live descendant (server, fake upstream, Chromium …), by pid. */
function ownTreeTicks(): Map<number, number> {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended while we listed it.
    }
  }
  const own = new Map<number, number>();
  for (const [pid, value] of ticks) {
    for (let ancestor: number | undefined = pid; ancestor; ancestor = parents.get(ancestor)) {
      if (ancestor === rootPid) {
        own.set(pid, value);
        break;
      }
    }
  }
  return own;
}

/** Our CPU between two samples, per live pid: a process that exited takes its ticks with it, not below zero. */
function ownDelta(before: Map<number, number>, after: Map<number, number>): number {
  let delta = 0;
  for (const [pid, value] of after) delta += Math.max(0, value - (before.get(pid) ?? 0));
  return delta;
}

const loads: number[] = [];
const foreign: number[] = [];
let machine = machineBusyTicks();
let own = ownTreeTicks();
const timer = setInterval(() => {
  const nextMachine = machineBusyTicks();
  const nextOwn = ownTreeTicks();
  foreign.push(Math.max(0, nextMachine - machine - ownDelta(own, nextOwn)) / 100);
  machine = nextMachine;
  own = nextOwn;
  loads.push(loadAverage());
}, 1_000);

parentPort!.once('message', () => {
  clearInterval(timer);
  const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);
  parentPort!.postMessage({
    loadAverageMax: Math.max(0, ...loads),
    foreignCoresMean: Math.round(mean(foreign) * 100) / 100,
    foreignCoresMax: Math.round(Math.max(0, ...foreign) * 100) / 100,
  });
});
