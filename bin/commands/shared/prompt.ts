import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { CliError } from './cli-error.js';

/** Whether we may ask questions: only with a person at a terminal. */
export function canPrompt(): boolean {
  return Boolean(process.stdin.isTTY && process.stdout.isTTY);
}

/**
 * The flag's value, or an answer typed at the terminal; scripts (no terminal) get a clear error
 * naming the flag instead of a hang.
 */
export async function valueOrPrompt(value: string | undefined, flag: string, question: string, options: { hidden?: boolean } = {}): Promise<string> {
  if (value !== undefined && value !== '') return value;
  if (!canPrompt()) throw new CliError(`${flag} is required (or run in a terminal to be asked)`);
  return ask(question, options.hidden ?? false);
}

export async function confirm(question: string): Promise<boolean> {
  const answer = await ask(`${question} [y/N] `, false);
  return /^y(es)?$/i.test(answer.trim());
}

async function ask(question: string, hidden: boolean): Promise<string> {
  let muted = false;
  // Echo the question but not the typed characters of a hidden answer.
  const output = new Writable({
    write(chunk, encoding, callback) {
      if (!muted) process.stdout.write(chunk, encoding);
      callback();
    },
  });
  const readline = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const pending = readline.question(question);
    muted = hidden;
    const answer = await pending;
    if (hidden) process.stdout.write('\n');
    return answer;
  } finally {
    readline.close();
  }
}
