import { Command } from 'commander';
import { configOption, dataDirOption } from './shared/common-options.js';
import { CliError } from './shared/cli-error.js';
import { userFromEmailOption } from './shared/find-user.js';
import { withContext } from './shared/open-context.js';
import { valueOrPrompt } from './shared/prompt.js';
import { runAction } from './shared/run-action.js';

/** chatbox keys revoke --email E (--endpoint N | --all) */
export function keysCommand(): Command {
  const keys = new Command('keys').description("manage users' own provider keys");
  keys
    .command('revoke')
    .description("delete a user's saved key for one endpoint, or all of them")
    .option('-e, --email <email>', 'the account email (asked when omitted on a terminal)')
    .option('--endpoint <name>', 'the endpoint whose key to delete (asked when neither this nor --all is given on a terminal)')
    .option('--all', 'delete every saved key of the user')
    .addOption(configOption())
    .addOption(dataDirOption())
    .action(runAction(async (options: { email?: string; endpoint?: string; all?: boolean; config?: string; dataDir: string }) => {
      if (options.endpoint && options.all) throw new CliError('give exactly one of --endpoint <name> or --all');
      await withContext(options, async ({ store }) => {
        const user = await userFromEmailOption(store, options.email);
        const endpoint = options.all ? '' : await valueOrPrompt(options.endpoint, '--endpoint <name> or --all', 'Endpoint whose key to delete (* for all): ');
        if (options.all || endpoint === '*') {
          const count = await store.keys.deleteAll(user.id);
          console.log(`Revoked ${count} key(s) of ${user.email}`);
          return;
        }
        const deleted = await store.keys.delete(user.id, endpoint);
        if (!deleted) throw new CliError(`${user.email} has no saved key for ${endpoint}`);
        console.log(`Revoked the ${endpoint} key of ${user.email}`);
      });
    }));
  return keys;
}
