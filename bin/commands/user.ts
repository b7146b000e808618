import { randomBytes } from 'node:crypto';
import { Command, Option } from 'commander';
import { createAccounts } from '../../core/auth/accounts.js';
import { banKey } from '../../core/auth/ban-guard.js';
import { createSessionRevocations } from '../../core/auth/session-revocations.js';
import { registerRequestSchema } from '../../core/protocol/auth.js';
import { parseInput } from '../../core/routes/parse.js';
import { configOption, dataDirOption } from './shared/common-options.js';
import { CliError } from './shared/cli-error.js';
import { userFromEmailOption } from './shared/find-user.js';
import { deleteAccountFiles } from './shared/delete-account-files.js';
import { withContext } from './shared/open-context.js';
import { canPrompt, confirm, valueOrPrompt } from './shared/prompt.js';
import { runAction } from './shared/run-action.js';

interface Common {
  config?: string;
  dataDir: string;
}

const withCommon = (command: Command) => command.addOption(configOption()).addOption(dataDirOption());
const emailOption = () => new Option('-e, --email <email>', 'the account email');

/** chatbox user create|list|delete|reset-password|ban|unban */
export function userCommand(): Command {
  const user = new Command('user').description('manage user accounts');

  withCommon(user.command('create').description('create a local account'))
    .addOption(emailOption())
    .option('-n, --name <name>', 'display name')
    .option('-u, --username <username>', 'username (optional)')
    .addOption(new Option('-p, --password <password>', 'password (asked when omitted on a terminal)').conflicts('generatePassword'))
    .option('--generate-password', 'make a random password and print it')
    .action(runAction(async (options: Common & { email?: string; name?: string; username?: string; password?: string; generatePassword?: boolean }) => {
      // Questions come after the data dir and the configuration are known good: no typing for nothing.
      await withContext(options, async ({ store, config }) => {
        const email = await valueOrPrompt(options.email, '--email', 'Email: ');
        const name = await valueOrPrompt(options.name, '--name', 'Name: ');
        const username = options.username ?? (canPrompt() ? await valueOrPrompt(undefined, '--username', 'Username (optional): ') : '');
        const generated = options.generatePassword ? randomBytes(12).toString('base64url') : undefined;
        const password = generated ?? (await valueOrPrompt(options.password, '--password', 'Password: ', { hidden: true }));
        const input = parseInput(registerRequestSchema, { email, name, username, password, confirm_password: password });
        const created = await createAccounts(store, config).register(input, { skipDomainCheck: true });
        console.log(`Created ${created.email} (${created.role === 'ADMIN' ? 'administrator' : 'user'}, id ${created.id})`);
        if (generated) console.log(`Password: ${generated}`);
      });
    }));

  withCommon(user.command('list').description('list accounts'))
    .option('--json', 'print JSON')
    .action(runAction(async (options: Common & { json?: boolean }) => {
      await withContext(options, async ({ store }) => {
        const users = await store.users.list({ offset: 0, limit: Number.MAX_SAFE_INTEGER });
        if (options.json) {
          console.log(JSON.stringify(users.map(({ passwordHash: _hash, ...rest }) => rest), null, 2));
          return;
        }
        if (users.length === 0) return console.log('No users yet.');
        console.table(users.map((entry) => ({ email: entry.email, name: entry.name, username: entry.username, role: entry.role, provider: entry.provider, created: entry.createdAt.toISOString().slice(0, 10) })));
      });
    }));

  withCommon(user.command('delete').description('delete an account and everything it owns'))
    .addOption(emailOption())
    .option('-y, --yes', 'do not ask for confirmation')
    .action(runAction(async (options: Common & { email?: string; yes?: boolean }) => {
      await withContext(options, async ({ store, config }) => {
        const found = await userFromEmailOption(store, options.email);
        if (!options.yes) {
          if (!canPrompt()) throw new CliError('add --yes to delete without a terminal to confirm');
          if (!(await confirm(`Delete ${found.email} and all their conversations, presets, keys, tool credentials, assistants and files?`))) return console.log('Nothing deleted.');
        }
        const files = await deleteAccountFiles(config, store, found.id);
        await store.users.delete(found.id);
        console.log(`Deleted ${found.email} and ${files.deleted} stored file(s)`);
        for (const left of files.left) console.error(`warning: file ${left.fileId} (${left.source}) was not removed from its storage: ${left.reason}`);
      });
    }));

  withCommon(user.command('reset-password').description("set a user's password and sign them out everywhere"))
    .addOption(emailOption())
    .option('-p, --password <password>', 'the new password (asked when omitted on a terminal)')
    .action(runAction(async (options: Common & { email?: string; password?: string }) => {
      await withContext(options, async ({ store, config }) => {
        const found = await userFromEmailOption(store, options.email);
        const password = await valueOrPrompt(options.password, '--password', 'New password: ', { hidden: true });
        if (password.length < 8 || password.length > 128) throw new CliError('the password must be 8 to 128 characters');
        await createAccounts(store, config).setPassword(found.id, password);
        // A running server reads this within seconds and refuses the access tokens already handed out.
        await createSessionRevocations(store, config.env.SESSION_EXPIRY).revokeUserSessions(found.id, 'password-reset');
        console.log(`Password of ${found.email} changed; their sessions were ended.`);
      });
    }));

  withCommon(user.command('ban').description('ban an account for a while'))
    .addOption(emailOption())
    .option('--minutes <minutes>', 'how long (default: BAN_DURATION)')
    .option('--reason <reason>', 'why', 'admin')
    .action(runAction(async (options: Common & { email?: string; minutes?: string; reason: string }) => {
      await withContext(options, async ({ store, config }) => {
        const found = await userFromEmailOption(store, options.email);
        const minutes = options.minutes === undefined ? config.env.BAN_DURATION / 60000 : Number(options.minutes);
        if (!Number.isFinite(minutes) || minutes <= 0) throw new CliError('--minutes must be a positive number');
        const expiresAt = new Date(Date.now() + minutes * 60000);
        await store.bans.put({ key: banKey.user(found.id), reason: options.reason, expiresAt });
        await store.sessions.deleteByUser(found.id);
        console.log(`Banned ${found.email} until ${expiresAt.toISOString()}`);
      });
    }));

  withCommon(user.command('unban').description('lift a ban'))
    .addOption(emailOption())
    .action(runAction(async (options: Common & { email?: string }) => {
      await withContext(options, async ({ store }) => {
        const found = await userFromEmailOption(store, options.email);
        const lifted = await store.bans.delete(banKey.user(found.id));
        await store.bans.clearViolations(banKey.user(found.id));
        console.log(lifted ? `Unbanned ${found.email}` : `${found.email} was not banned`);
      });
    }));

  return user;
}
