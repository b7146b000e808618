#!/usr/bin/env node
import { Command } from 'commander';
import { loadDotEnv } from './commands/shared/dot-env.js';
import { balanceCommand } from './commands/balance.js';
import { configCommand } from './commands/config.js';
import { filesCommand } from './commands/files.js';
import { exportCommand } from './commands/export.js';
import { importCommand } from './commands/import.js';
import { keysCommand } from './commands/keys.js';
import { migrateCommand } from './commands/migrate.js';
import { searchCommand } from './commands/search.js';
import { serveCommand } from './commands/serve.js';
import { statusCommand } from './commands/status.js';
import { CliError } from './commands/shared/cli-error.js';
import { reportError } from './commands/shared/run-action.js';
import { userCommand } from './commands/user.js';
import { packageVersion } from '../config/package-root.js';

loadDotEnv();

const program = new Command('chatbox')
  .description('A self-hosted, multi-user AI chat server with a bundled web UI.')
  .version(packageVersion())
  .showHelpAfterError()
  .addCommand(serveCommand(), { isDefault: true })
  .addCommand(configCommand())
  .addCommand(userCommand())
  .addCommand(keysCommand())
  .addCommand(balanceCommand())
  .addCommand(migrateCommand())
  .addCommand(filesCommand())
  .addCommand(searchCommand())
  .addCommand(statusCommand())
  .addCommand(importCommand())
  .addCommand(exportCommand());

// The help of the command at fault lists what it takes (a mistyped `chatbox user frob` lists user's commands).
for (const command of program.commands) command.showHelpAfterError();

try {
  rejectUnknownCommand(program, process.argv.slice(2));
  await program.parseAsync(process.argv);
} catch (error) {
  reportError(error);
}

/**
 * `serve` is the default command, so commander would hand a mistyped command name to it as an
 * argument. A first word that is no command is the mistake to name.
 */
function rejectUnknownCommand(root: Command, args: string[]): void {
  const first = args[0];
  if (first === undefined || first.startsWith('-')) return;
  const names = root.commands.map((command) => command.name());
  if (names.includes(first) || first === 'help') return;
  throw new CliError(`unknown command '${first}'; the commands are ${names.join(', ')} (chatbox help <command> for more)`);
}
