import { ChatboxError } from '../../../core/errors/index.js';
import { CliError } from './cli-error.js';

/** Wraps a command action: expected failures print one clear line and set exit code 1. */
export function runAction<A extends unknown[]>(action: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await action(...args);
    } catch (error) {
      if (error instanceof CliError || error instanceof ChatboxError) {
        console.error(`error: ${error.message}`);
        process.exitCode = 1;
        return;
      }
      throw error;
    }
  };
}
