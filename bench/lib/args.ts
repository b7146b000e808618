export const benchNames = ['stream', 'history', 'startup', 'ui', 'logins', 'uploads', 'import', 'sandbox', 'redis'] as const;
export type BenchName = (typeof benchNames)[number];

export interface BenchArgs {
  /** Smoke mode: tiny sizes, a few seconds each; timings never fail the run, errors do. */
  quick: boolean;
  benches: BenchName[];
  /** Starts the benchmarked servers under `node --cpu-prof`, profiles into bench/.cache/profiles. */
  cpuProf: boolean;
  /** `--levels=1,50`: only these stream concurrency levels (for profiling one of them). */
  levels?: number[];
}

/** `npm run bench -- [--quick] [--cpu-prof] [--levels=1,50,500] [stream|history|startup|ui|logins|uploads|import|sandbox|redis …]`; no names runs every bench. */
export function parseArgs(argv: string[]): BenchArgs {
  const names: BenchName[] = [];
  let quick = false;
  let cpuProf = false;
  let levels: number[] | undefined;
  for (const arg of argv) {
    if (arg === '--quick') quick = true;
    else if (arg === '--cpu-prof') cpuProf = true;
    else if (arg.startsWith('--levels=')) levels = arg.slice(9).split(',').map(Number);
    else if ((benchNames as readonly string[]).includes(arg)) names.push(arg as BenchName);
    else throw new Error(`unknown argument "${arg}": use --quick, --cpu-prof, --levels=… and any of ${benchNames.join(', ')}`);
  }
  return { quick, cpuProf, levels, benches: names.length > 0 ? names : [...benchNames] };
}
