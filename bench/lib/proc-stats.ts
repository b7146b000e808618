import { readFileSync } from 'node:fs';

/**
 * Process figures straight from Linux's /proc, so the benchmark measures the server process from the
 * outside without instrumenting it.
 */
export interface ProcessSample {
  /** Resident set now (VmRSS), MB. */
  rssMb: number;
  /** Peak resident set since the process started (VmHWM), MB. */
  peakRssMb: number;
  /** User + system CPU time since the process started, seconds. */
  cpuSeconds: number;
}

const clockTicks = 100; // USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK).

function statusKb(status: string, field: string): number {
  const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  if (!match) throw new Error(`/proc status has no ${field}`);
  return Number(match[1]);
}

export function sampleProcess(pid: number): ProcessSample {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the numeric fields start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return {
    rssMb: statusKb(status, 'VmRSS') / 1024,
    peakRssMb: statusKb(status, 'VmHWM') / 1024,
    cpuSeconds: (utime + stime) / clockTicks,
  };
}

/** The 1-minute load average, to judge how quiet the shared machine was during a run. */
export function loadAverage(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}
