import { randomUUID } from 'node:crypto';
import type { Document, WithId } from 'mongodb';
import type { BalancesRepository, Transaction } from '../repositories/balances.js';
import type { Collections } from './collections.js';
import { exportBatch, toRecord } from './documents.js';
import { retryOnDuplicate } from './duplicates.js';

export function transactionDocument(transaction: Transaction): Document {
  const { id, userId, conversationId, tokenType, model, context, rawAmount, rate, tokenValue, createdAt } = transaction;
  return { id, userId, conversationId: conversationId ?? null, tokenType, model: model ?? null, context, rawAmount, rate, tokenValue, createdAt };
}

export function balanceDocument(balance: { userId: string; balance: number }): Document {
  return { userId: balance.userId, balance: balance.balance };
}

const fromTransaction = (document: WithId<Document>): Transaction => toRecord<Transaction>(document);
const fromBalance = (document: WithId<Document>) => ({ userId: String(document.userId), balance: Number(document.balance) });

export function createBalancesRepository({ balances, transactions }: Collections): BalancesRepository {
  return {
    async get(userId) {
      return (await balances.findOne({ userId }))?.balance ?? 0;
    },
    async find(userId) {
      const document = await balances.findOne({ userId });
      return document ? Number(document.balance) : null;
    },
    async record(entry) {
      // No transaction: the ledger entry first, then $inc on the balance. $inc adds on the server
      // rather than read-then-write, so concurrent turns of one user never lose an update.
      await transactions.insertOne(transactionDocument({ ...entry, id: randomUUID(), createdAt: new Date() }));
      const updated = await retryOnDuplicate(() =>
        balances.findOneAndUpdate({ userId: entry.userId }, { $inc: { balance: entry.tokenValue } }, { upsert: true, returnDocument: 'after' }),
      );
      return Number(updated!.balance);
    },
    async listTransactions(userId, { offset, limit }) {
      const documents = await transactions.find({ userId }).sort({ createdAt: -1, _id: -1 }).skip(offset).limit(limit).toArray();
      return documents.map(fromTransaction);
    },
    async lastTransactionAt(userId, context) {
      const [newest] = await transactions.find({ userId, context }).sort({ createdAt: -1, _id: -1 }).limit(1).toArray();
      return newest ? fromTransaction(newest).createdAt : null;
    },
    async listBalances() {
      return (await balances.find({}).sort({ userId: 1 }).toArray()).map(fromBalance);
    },
    async exportBatch(after, limit) {
      return exportBatch(balances, after, limit, fromBalance);
    },
    async exportTransactions(after, limit) {
      return exportBatch(transactions, after, limit, fromTransaction);
    },
  };
}
