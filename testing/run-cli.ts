import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../config/package-root.js';

/** The built CLI: tests run what users run (`npm test` builds first). */
export function builtCliPath(): string {
  const path = join(packageRoot(), 'dist', 'bin', 'chatbox.js');
  if (!existsSync(path)) throw new Error(`${path} is missing: run "npm run build" first (npm test does it).`);
  return path;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `chatbox <args>` to completion with no terminal attached, as a script would. */
export function runCli(args: string[], options: { cwd: string; env?: Record<string, string>; input?: string }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtCliPath(), ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: options.cwd, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
  /** SIGTERM to the server's process group, then the exit code of the process started. */
  stop: () => Promise<number | null>;
}

/** Starts `chatbox serve --port 0` and resolves once it reports the address it listens on. */
export function startServe(options: { cwd: string; args?: string[]; env?: Record<string, string>; command?: string[] }): Promise<RunningServer> {
  const command = options.command ?? [process.execPath, builtCliPath()];
  const child = spawn(command[0], [...command.slice(1), 'serve', '--port', '0', '--host', '127.0.0.1', ...(options.args ?? [])], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: options.cwd, LOG_FORMAT: 'json', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a wrapper such as npx does not pass SIGTERM on to the server it starts.
    detached: true,
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chatbox serve did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/chatbox is ready at (http:\/\/[^\s)]+)/);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: match[1].replace('localhost', '127.0.0.1'),
        process: child,
        output: () => output,
        stop: async () => {
          process.kill(-child.pid!, 'SIGTERM');
          return exited;
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`chatbox serve exited with ${code}:\n${output}`));
    });
  });
}

export interface TerminalAnswer {
  /** Text the command prints before it waits for this answer. */
  prompt: string;
  answer: string;
}

/**
 * Runs `chatbox <args>` on a pseudo-terminal (util-linux `script`), as a person at a terminal
 * would, typing each answer once its prompt appears. The result's stdout is the terminal's output.
 */
export function runCliInTerminal(args: string[], options: { cwd: string; answers: TerminalAnswer[]; env?: Record<string, string> }): Promise<CliResult> {
  const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
  const command = [process.execPath, builtCliPath(), ...args].map(quote).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['--quiet', '--return', '--command', command, '/dev/null'], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: options.cwd, TERM: 'dumb', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // The command may end (and the terminal close) before the last answer is written.
    child.stdin.on('error', () => {});
    const pending = [...options.answers];
    let stdout = '';
    let stderr = '';
    let searchFrom = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // One answer per prompt, sent only once it is asked: readline drops lines typed ahead of its question.
      const next = pending[0];
      const found = next === undefined ? -1 : stdout.indexOf(next.prompt, searchFrom);
      if (next === undefined || found === -1) return;
      searchFrom = found + next.prompt.length;
      pending.shift();
      child.stdin.write(`${next.answer}\r`);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      child.stdin.end();
      if (pending.length > 0) reject(new Error(`never asked "${pending[0].prompt}"; the terminal showed:\n${stdout}`));
      else resolve({ code, stdout, stderr });
    });
  });
}
