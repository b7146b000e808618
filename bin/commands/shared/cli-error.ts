/** An error meant for the person at the terminal: printed without a stack, exit code 1. */
export class CliError extends Error {
  override name = 'CliError';
}
