import { round } from './stats.js';

/** One measured figure, with its target when the issue sets one. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The upper bound the figure must stay under (every target here is "at most"). */
  target?: number;
  pass?: boolean;
}

/** What one benchmark hands back: its figures, how it ran, and anything that went wrong. */
export interface BenchResult {
  bench: string;
  figures: Figure[];
  /** How the figures were taken (sizes, settings), printed under the table and kept in the JSON. */
  notes: string[];
  /** Failures (errors, refused requests, missing pieces); any makes the run exit non-zero. */
  errors: string[];
  /** Set when the bench could not run at all here, with the reason. */
  skipped?: string;
}

export function figure(name: string, value: number, unit: string, target?: number): Figure {
  const rounded = round(value);
  if (target === undefined) return { name, value: rounded, unit };
  return { name, value: rounded, unit, target, pass: Number.isFinite(value) && value <= target };
}

export function newResult(bench: string): BenchResult {
  return { bench, figures: [], notes: [], errors: [] };
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));

/** A plain-text table: figure, value, target, pass/fail. */
export function renderTable(result: BenchResult, timingVerdicts: boolean): string {
  const lines = [`== ${result.bench}`];
  if (result.skipped) lines.push(`   skipped: ${result.skipped}`);
  const rows = result.figures.map((entry) => [
    entry.name,
    `${entry.value} ${entry.unit}`,
    entry.target === undefined ? '' : `≤ ${entry.target} ${entry.unit}`,
    entry.pass === undefined ? '' : !timingVerdicts ? '(quick)' : entry.pass ? 'pass' : 'FAIL',
  ]);
  const header = ['figure', 'value', 'target', 'result'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  if (rows.length > 0) {
    lines.push(header.map((title, column) => pad(title, widths[column])).join(' | '));
    lines.push(widths.map((width) => '-'.repeat(width)).join('-|-'));
    for (const row of rows) lines.push(row.map((cell, column) => pad(cell, widths[column])).join(' | '));
  }
  for (const note of result.notes) lines.push(`   note: ${note}`);
  for (const error of result.errors) lines.push(`   ERROR: ${error}`);
  return lines.join('\n');
}
