#!/usr/bin/env node
import { Command } from 'commander';
import { loadDotEnv } from './commands/shared/dot-env.js';
import { balanceCommand } from './commands/balance.js';
import { configCommand } from './commands/config.js';
import { keysCommand } from './commands/keys.js';
import { migrateCommand } from './commands/migrate.js';
import { searchCommand } from './commands/search.js';
import { serveCommand } from './commands/serve.js';
import { userCommand } from './commands/user.js';
import { packageVersion } from '../core/server/package-root.js';

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
  .addCommand(searchCommand());

await program.parseAsync(process.argv);
