/** A file the program finds under /mnt/data (read-only) or leaves there. */
export interface SandboxFile {
  /** The name under /mnt/data: one path segment for inputs; outputs may sit in subfolders ("plots/a.png"). */
  name: string;
  bytes: Uint8Array;
}

/** A file the program wrote, with the media type read from its bytes or, failing that, its name. */
export interface SandboxOutputFile extends SandboxFile {
  mimeType: string;
}

/** The bounds of one run. */
export interface SandboxLimits {
  /** How long the program may run before its thread is terminated (Pyodide's start-up is not counted). */
  wallClockMs: number;
  /** The cap on Python's WebAssembly memory; a program asking for more gets MemoryError. */
  memoryMb: number;
  /** How much of stdout and of stderr is kept, each; the rest is dropped with a note. */
  outputBytes: number;
}

export interface PythonRun {
  code: string;
  files?: SandboxFile[];
  /** Any limit left out takes the sandbox's default. */
  limits?: Partial<SandboxLimits>;
}

export interface PythonRunResult {
  stdout: string;
  stderr: string;
  /** The repr of the program's last expression, when it ends with one (as a notebook cell shows it). */
  result?: string;
  /** Why the program did not finish: a Python traceback, the time limit, an abort. */
  error?: string;
  /** Files created or changed under /mnt/data. */
  files: SandboxOutputFile[];
  /** True when the program was stopped at the wall-clock limit. */
  timedOut: boolean;
}

export const defaultSandboxLimits: SandboxLimits = { wallClockMs: 30_000, memoryMb: 512, outputBytes: 64 * 1024 };
