import { ConfigError } from '../../../config/config-error.js';
import { ChatboxError } from '../../../core/errors/index.js';
import { CliError } from './cli-error.js';

/** Wraps a command action: expected failures print one clear line and set exit code 1. */
export function runAction<A extends unknown[]>(action: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await action(...args);
    } catch (error) {
      reportError(error);
    }
  };
}

/**
 * The one place a failure reaches the terminal. An operator's mistake is a sentence; anything else
 * is a bug, whose stack is kept for CHATBOX_DEBUG=1 rather than dumped on someone starting a server.
 */
export function reportError(error: unknown): void {
  process.exitCode = 1;
  if (error instanceof CliError || error instanceof ChatboxError || error instanceof ConfigError) {
    console.error(`error: ${error.message}`);
    return;
  }
  if (process.env.CHATBOX_DEBUG) {
    console.error(error);
    return;
  }
  console.error(`error: ${error instanceof Error ? error.message : String(error)} (unexpected: CHATBOX_DEBUG=1 shows where it came from)`);
}
