import { describe } from 'vitest';
import type { Store } from '../types.js';
import { describeActionsContract } from './actions.js';
import { describeAssistantsContract } from './assistants.js';
import { describeBalancesContract } from './balances.js';
import { describeBansContract } from './bans.js';
import { describeCascadeContract } from './cascade.js';
import { useFreshStore } from './context.js';
import { describeConversationsContract } from './conversations.js';
import { describeExportContract } from './export.js';
import { describeFilesContract } from './files.js';
import { describeImportsContract } from './imports.js';
import { describeIsolationContract } from './isolation.js';
import { describeKeysContract } from './keys.js';
import { describeMessagesContract } from './messages.js';
import { describePluginAuthsContract } from './plugin-auths.js';
import { describePresetsContract } from './presets.js';
import { describeSessionsContract } from './sessions.js';
import { describeSharesContract } from './shares.js';
import { describeTokensContract } from './tokens.js';
import { describeUsersContract } from './users.js';

/**
 * The repository contract: what every driver must do, written against the Store interface only.
 * A driver's test file calls this with a factory that returns a fresh, empty store for each test.
 */
export function describeStoreContract(driverName: string, makeStore: () => Promise<Store>): void {
  describe(`store contract: ${driverName}`, () => {
    const context = useFreshStore(makeStore);
    describeUsersContract(context);
    describeSessionsContract(context);
    describeTokensContract(context);
    describeConversationsContract(context);
    describeMessagesContract(context);
    describePresetsContract(context);
    describeKeysContract(context);
    describePluginAuthsContract(context);
    describeAssistantsContract(context);
    describeActionsContract(context);
    describeBalancesContract(context);
    describeBansContract(context);
    describeFilesContract(context);
    describeImportsContract(context);
    describeSharesContract(context);
    describeIsolationContract(context);
    describeCascadeContract(context);
    describeExportContract(context);
  });
}
