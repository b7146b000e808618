/** Progress of a long command: a bar redrawn in place on a terminal, plain lines otherwise (logs, CI, pipes). */
export interface ProgressPrinter {
  update(label: string, done: number, total: number): void;
  /** Ends the label's line with a closing note. */
  finish(label: string, done: number, total: number, note: string): void;
}

const barWidth = 24;
// Without a terminal a line per batch would flood a log: at most one every few seconds, plus the last.
const plainInterval = 5_000;

export function createProgressPrinter(stream: NodeJS.WriteStream = process.stdout): ProgressPrinter {
  const interactive = Boolean(stream.isTTY);
  const labelWidth = 14;
  let lastPlainLine = 0;

  const counts = (done: number, total: number) => `${done.toLocaleString('en-US')}/${Math.max(total, done).toLocaleString('en-US')}`;
  const bar = (done: number, total: number) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(ratio * barWidth);
    return `[${'█'.repeat(filled)}${'░'.repeat(barWidth - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}%`;
  };

  return {
    update(label, done, total) {
      if (interactive) {
        stream.write(`\r\x1b[K${label.padEnd(labelWidth)} ${bar(done, total)} ${counts(done, total)}`);
        return;
      }
      const now = Date.now();
      if (now - lastPlainLine < plainInterval) return;
      lastPlainLine = now;
      stream.write(`${label}: ${counts(done, total)}\n`);
    },
    finish(label, done, total, note) {
      if (interactive) stream.write(`\r\x1b[K${label.padEnd(labelWidth)} ${bar(done, total)} ${counts(done, total)} ${note}\n`);
      else stream.write(`${label}: ${counts(done, total)} ${note}\n`);
      lastPlainLine = 0;
    },
  };
}
