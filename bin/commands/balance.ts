import { Command } from 'commander';
import { configOption, dataDirOption } from './shared/common-options.js';
import { CliError } from './shared/cli-error.js';
import { findUserByEmail, userFromEmailOption } from './shared/find-user.js';
import { withContext } from './shared/open-context.js';
import { runAction } from './shared/run-action.js';

interface Common {
  config?: string;
  dataDir: string;
}

/** chatbox balance add|show: token credits, used when CHECK_BALANCE (or the yaml's balance.enabled) is on. */
export function balanceCommand(): Command {
  const balance = new Command('balance').description('token credit balances');

  balance
    .command('add')
    .description('grant token credits to a user')
    .option('-e, --email <email>', 'the account email (asked when omitted on a terminal)')
    .option('-a, --amount <credits>', 'credits to add (1000 credits = $0.001)', '1000')
    .option('--allow-negative', 'let a negative --amount take credits away')
    .addOption(configOption())
    .addOption(dataDirOption())
    .action(runAction(async (options: Common & { email?: string; amount: string; allowNegative?: boolean }) => {
      const amount = Number(options.amount);
      if (!Number.isFinite(amount) || amount === 0) throw new CliError('--amount must be a non-zero number');
      // A stray minus sign would quietly take credits away; doing that on purpose says so.
      if (amount < 0 && !options.allowNegative) throw new CliError(`--amount ${options.amount} is negative and would take credits away; add --allow-negative to do that`);
      await withContext(options, async ({ store, config }) => {
        const user = await userFromEmailOption(store, options.email);
        const total = await store.balances.record({
          userId: user.id, conversationId: null, tokenType: 'credits', model: null, context: 'admin',
          rawAmount: amount, rate: 1, tokenValue: amount,
        });
        console.log(`${amount < 0 ? `Took ${-amount} credits from` : `Added ${amount} credits to`} ${user.email}; balance is now ${total}`);
        if (!config.balance.enabled) console.log('Note: balances are off (CHECK_BALANCE / balance.enabled), so they are not enforced.');
      });
    }));

  balance
    .command('show')
    .description("show one user's balance, or every balance")
    .option('-e, --email <email>', 'the account email (all users when omitted)')
    .addOption(configOption())
    .addOption(dataDirOption())
    .action(runAction(async (options: Common & { email?: string }) => {
      await withContext(options, async ({ store }) => {
        if (options.email) {
          const user = await findUserByEmail(store, options.email);
          console.log(`${user.email}: ${await store.balances.get(user.id)}`);
          return;
        }
        const balances = await store.balances.listBalances();
        if (balances.length === 0) return console.log('No balances recorded.');
        const rows = await Promise.all(balances.map(async ({ userId, balance: credits }) => ({ email: (await store.users.findById(userId))?.email ?? userId, balance: credits })));
        console.table(rows);
      });
    }));
  return balance;
}
