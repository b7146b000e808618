import type { Document } from 'bson';
import { aggregate } from 'mingo';
import { CommandError } from './command-error.js';
import { collectionName, queryDocuments, type CommandContext, type CommandHandler } from './command-context.js';
import { indexKey, valueAt } from './indexes.js';
import { cloneDocument } from './update-document.js';

function documentsOf(context: CommandContext, name: string, filter?: Document): Document[] {
  return context.catalog.find(context.database, name)?.candidates(filter) ?? [];
}

const find: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const results = queryDocuments(documentsOf(context, name, command.filter), {
    filter: command.filter,
    sort: command.sort,
    skip: command.skip,
    limit: command.limit,
    projection: command.projection,
  });
  const singleBatch = Boolean(command.singleBatch) || (typeof command.limit === 'number' && command.limit < 0);
  return context.cursors.start(`${context.database}.${name}`, results, { batchSize: command.batchSize, singleBatch });
};

const getMore: CommandHandler = (command, context) => context.cursors.more(Number(command.getMore), command.batchSize);

const killCursors: CommandHandler = (command, context) => ({
  ...context.cursors.kill((command.cursors as unknown[]).map(Number)),
  cursorsAlive: [],
  cursorsUnknown: [],
  ok: 1,
});

/** Stages that write to another collection: a server feature the double leaves out. */
const writingStages = new Set(['$out', '$merge']);

const aggregateCommand: CommandHandler = (command, context) => {
  const pipeline = command.pipeline as Document[];
  const writing = pipeline.find((stage) => writingStages.has(Object.keys(stage)[0]));
  if (writing) throw new CommandError(115, 'CommandNotSupported', `the mongo double does not support ${Object.keys(writing)[0]}`);
  if (typeof command.aggregate !== 'string') throw new CommandError(115, 'CommandNotSupported', 'the mongo double supports collection aggregations only');
  // mingo may change nested values of its input in place (see $addFields): it gets copies.
  const source = documentsOf(context, command.aggregate).map(cloneDocument);
  const results = aggregate(source, pipeline, {
    collectionResolver: (name: string) => documentsOf(context, name).map(cloneDocument),
  }) as Document[];
  return context.cursors.start(`${context.database}.${command.aggregate}`, results, { batchSize: command.cursor?.batchSize });
};

const count: CommandHandler = (command, context) => {
  const matches = queryDocuments(documentsOf(context, collectionName(command), command.query), { filter: command.query, skip: command.skip, limit: command.limit });
  return { n: matches.length, ok: 1 };
};

/** Distinct values of a field over the matches; array values count element by element, as in MongoDB. */
const distinct: CommandHandler = (command, context) => {
  const seen = new Map<string, unknown>();
  for (const document of queryDocuments(documentsOf(context, collectionName(command), command.query), { filter: command.query })) {
    const value = valueAt(document, String(command.key));
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) seen.set(indexKey([item]), item);
  }
  return { values: [...seen.values()], ok: 1 };
};

export const readCommands: Record<string, CommandHandler> = {
  find,
  getMore,
  killCursors,
  aggregate: aggregateCommand,
  count,
  distinct,
};
