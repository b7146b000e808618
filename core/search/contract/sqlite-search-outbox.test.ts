import { createSqliteStore } from '../../store/sqlite/index.js';
import { describeSearchOutboxContract } from './search-outbox-contract.js';

describeSearchOutboxContract('sqlite', async () => createSqliteStore({ filename: ':memory:' }));
