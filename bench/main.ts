import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchNames, parseArgs, type BenchName } from './lib/args.js';
import { describeMachine, watchNoise } from './lib/noise.js';
import { loadAverage } from './lib/proc-stats.js';
import { newResult, renderTable, type BenchResult } from './lib/report.js';
import { benchPlans } from './plans.js';

const args = parseArgs(process.argv.slice(2));
if (args.cpuProf) {
  process.env.CHATBOX_BENCH_CPU_PROF = fileURLToPath(new URL('../../.cache/profiles/', import.meta.url));
  console.log(`servers run under node --cpu-prof; profiles go to ${process.env.CHATBOX_BENCH_CPU_PROF}`);
}
const plans = benchPlans(args);
const startedAt = new Date();
const loadAtStart = loadAverage();
const noise = watchNoise();
const results: BenchResult[] = [];

const run: Record<BenchName, () => Promise<BenchResult>> = plans;
for (const name of args.benches) {
  console.log(`\n-- running ${name}${args.quick ? ' (quick)' : ''}`);
  let result: BenchResult;
  try {
    result = await run[name]();
  } catch (error) {
    result = newResult(name);
    result.errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  results.push(result);
  console.log(renderTable(result, !args.quick));
}

const machine = { ...describeMachine(), loadAverageAtStart: loadAtStart, ...(await noise.stop()) };
console.log(
  `\nmachine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}; ` +
    `load average ${loadAtStart} at start, max ${machine.loadAverageMax}; other processes kept ${machine.foreignCoresMean} cores busy on average (max ${machine.foreignCoresMax})`,
);

const everything = args.benches.length === benchNames.length && !args.quick;
const resultsDir = fileURLToPath(new URL('../../results/', import.meta.url));
mkdirSync(resultsDir, { recursive: true });
// Only a full run of every bench is the published one; partial and quick runs stay out of git.
const file = everything ? 'latest.json' : args.quick ? 'quick.tmp' : 'partial.tmp';
const report = { startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), quick: args.quick, machine, results };
writeFileSync(resultsDir + file, JSON.stringify(report, null, 2) + '\n');
console.log(`results written to bench/results/${file}`);

const errors = results.reduce((count, result) => count + result.errors.length, 0);
const misses = results.flatMap((result) => result.figures).filter((entry) => entry.pass === false).length;
if (errors > 0) console.error(`${errors} error(s)`);
if (!args.quick && misses > 0) console.error(`${misses} target(s) missed`);
process.exitCode = errors > 0 || (!args.quick && misses > 0) ? 1 : 0;
