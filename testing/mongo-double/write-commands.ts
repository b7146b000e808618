import { ObjectId, type Document } from 'bson';
import type { MemoryCollection } from './collection.js';
import { CommandError } from './command-error.js';
import { collectionName, firstMatch, project, queryDocuments, type CommandContext, type CommandHandler } from './command-context.js';
import { applyUpdate, changed, upsertDocument, type UpdateSpec } from './update-document.js';

/**
 * Runs the statements of a write command one by one. A failing statement becomes a writeErrors
 * entry (the command itself answers ok: 1, as the server does); an ordered batch stops there.
 */
function runStatements<S>(statements: S[], ordered: boolean | undefined, run: (statement: S, index: number) => void): Document[] {
  const writeErrors: Document[] = [];
  for (const [index, statement] of statements.entries()) {
    try {
      run(statement, index);
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      writeErrors.push(error.toWriteError(index));
      if (ordered !== false) break;
    }
  }
  return writeErrors;
}

function withErrors(reply: Document, writeErrors: Document[]): Document {
  return writeErrors.length > 0 ? { ...reply, writeErrors, ok: 1 } : { ...reply, ok: 1 };
}

function openCollection(command: Document, context: CommandContext): MemoryCollection {
  return context.catalog.open(context.database, collectionName(command)).collection;
}

const insert: CommandHandler = (command, context) => {
  const collection = openCollection(command, context);
  let inserted = 0;
  const writeErrors = runStatements(command.documents as Document[], command.ordered, (document) => {
    collection.insert('_id' in document ? document : { _id: new ObjectId(), ...document });
    inserted++;
  });
  return withErrors({ n: inserted }, writeErrors);
};

interface UpdateStatement {
  q: Document;
  u: UpdateSpec;
  upsert?: boolean;
  multi?: boolean;
  arrayFilters?: Document[];
  sort?: Document;
}

const update: CommandHandler = (command, context) => {
  const collection = openCollection(command, context);
  let matched = 0;
  let modified = 0;
  const upserted: Document[] = [];
  const writeErrors = runStatements(command.updates as UpdateStatement[], command.ordered, (statement, index) => {
    const candidates = collection.candidates(statement.q);
    const targets = statement.multi
      ? queryDocuments(candidates, { filter: statement.q })
      : [firstMatch(candidates, statement.q, statement.sort)].filter((document) => document !== undefined);
    for (const target of targets) {
      const next = applyUpdate(target, statement.u, { inserting: false, filter: statement.q, arrayFilters: statement.arrayFilters });
      matched++;
      if (!changed(target, next)) continue;
      collection.replace(target, next);
      modified++;
    }
    if (targets.length === 0 && statement.upsert) {
      const document = upsertDocument(statement.q, statement.u, statement.arrayFilters);
      collection.insert(document);
      upserted.push({ index, _id: document._id });
    }
  });
  const reply: Document = { n: matched + upserted.length, nModified: modified };
  if (upserted.length > 0) reply.upserted = upserted;
  return withErrors(reply, writeErrors);
};

const deleteCommand: CommandHandler = (command, context) => {
  const collection = context.catalog.find(context.database, collectionName(command));
  let removed = 0;
  const writeErrors = runStatements(command.deletes as Array<{ q: Document; limit: number }>, command.ordered, (statement) => {
    if (!collection) return;
    const targets = queryDocuments(collection.candidates(statement.q), { filter: statement.q, limit: statement.limit === 1 ? 1 : 0 });
    for (const target of targets) collection.remove(target);
    removed += targets.length;
  });
  return withErrors({ n: removed }, writeErrors);
};

/** findAndModify: remove, or update (optionally upserting) the first match in sort order, atomically. */
const findAndModify: CommandHandler = (command, context) => {
  const filter = (command.query ?? {}) as Document;
  const projection = command.fields as Document | undefined;
  const collection = openCollection(command, context);
  const target = firstMatch(collection.candidates(filter), filter, command.sort);
  if (command.remove) {
    if (target) collection.remove(target);
    return { lastErrorObject: { n: target ? 1 : 0 }, value: target ? project(target, projection) : null, ok: 1 };
  }
  const updateSpec = command.update as UpdateSpec | undefined;
  if (!updateSpec) throw new CommandError(9, 'FailedToParse', 'Either an update or remove=true must be specified');
  if (target) {
    const next = applyUpdate(target, updateSpec, { inserting: false, filter, arrayFilters: command.arrayFilters });
    if (changed(target, next)) collection.replace(target, next);
    return { lastErrorObject: { n: 1, updatedExisting: true }, value: project(command.new ? next : target, projection), ok: 1 };
  }
  if (!command.upsert) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
  const document = upsertDocument(filter, updateSpec, command.arrayFilters);
  collection.insert(document);
  return {
    lastErrorObject: { n: 1, updatedExisting: false, upserted: document._id },
    value: command.new ? project(document, projection) : null,
    ok: 1,
  };
};

export const writeCommands: Record<string, CommandHandler> = {
  insert,
  update,
  delete: deleteCommand,
  findAndModify,
  findandmodify: findAndModify,
};
