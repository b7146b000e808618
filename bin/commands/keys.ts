import { Command } from 'commander';
import { configOption, dataDirOption } from './shared/common-options.js';
import { CliError } from './shared/cli-error.js';
import { findUserByEmail } from './shared/find-user.js';
import { withContext } from './shared/open-context.js';
import { runAction } from './shared/run-action.js';

/** chatbox keys revoke --email E (--endpoint N | --all) */
export function keysCommand(): Command {
  const keys = new Command('keys').description("manage users' own provider keys");
  keys
    .command('revoke')
    .description("delete a user's saved key for one endpoint, or all of them")
    .requiredOption('-e, --email <email>', 'the account email')
    .option('--endpoint <name>', 'the endpoint whose key to delete')
    .option('--all', 'delete every saved key of the user')
    .addOption(configOption())
    .addOption(dataDirOption())
    .action(runAction(async (options: { email: string; endpoint?: string; all?: boolean; config?: string; dataDir: string }) => {
      if (Boolean(options.endpoint) === Boolean(options.all)) throw new CliError('give exactly one of --endpoint <name> or --all');
      await withContext(options, async ({ store }) => {
        const user = await findUserByEmail(store, options.email);
        if (options.all) {
          const count = await store.keys.deleteAll(user.id);
          console.log(`Revoked ${count} key(s) of ${user.email}`);
          return;
        }
        const deleted = await store.keys.delete(user.id, options.endpoint!);
        if (!deleted) throw new CliError(`${user.email} has no saved key for ${options.endpoint}`);
        console.log(`Revoked the ${options.endpoint} key of ${user.email}`);
      });
    }));
  return keys;
}
