import { EJSON, ObjectId, type Document } from 'bson';
import { aggregate, update as applyOperators } from 'mingo';
import { badValue, CommandError } from './command-error.js';

/**
 * Copies plain objects and arrays so an update never touches a stored document (see
 * MemoryCollection); dates are copied, other BSON values (ObjectId, Binary, Long) are immutable and shared.
 */
export function cloneDocument<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneDocument) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, cloneDocument(entry)])) as T;
  }
  return value;
}

export type UpdateSpec = Document | Document[];

/** An update is a pipeline (array), operators ($set …) or a whole replacement document. */
function isOperatorUpdate(update: Document): boolean {
  const keys = Object.keys(update);
  const operators = keys.filter((key) => key.startsWith('$'));
  if (operators.length > 0 && operators.length < keys.length) throw badValue('an update mixes operators and plain fields');
  return operators.length > 0;
}

/**
 * The document after the update. `inserting` is true for the new document of an upsert, the only
 * time $setOnInsert applies. The _id never changes, whatever a pipeline or replacement does.
 */
export function applyUpdate(document: Document, update: UpdateSpec, options: { inserting: boolean; filter?: Document; arrayFilters?: Document[] }): Document {
  let next: Document;
  if (Array.isArray(update)) {
    next = aggregate([cloneDocument(document)], update)[0] ?? {};
  } else if (isOperatorUpdate(update)) {
    const { $setOnInsert, ...operators } = update;
    next = cloneDocument(document);
    try {
      if (Object.keys(operators).length > 0) applyOperators(next, operators, options.arrayFilters, options.filter);
      if (options.inserting && $setOnInsert) applyOperators(next, { $set: $setOnInsert });
    } catch (error) {
      throw new CommandError(9, 'FailedToParse', error instanceof Error ? error.message : String(error));
    }
  } else {
    next = cloneDocument(update);
  }
  if ('_id' in document) {
    if ('_id' in next && EJSON.stringify(next._id) !== EJSON.stringify(document._id)) {
      throw new CommandError(66, 'ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
    }
    // _id first, as the server keeps it.
    const { _id: _ignored, ...rest } = next;
    next = { _id: document._id, ...rest };
  }
  return next;
}

/**
 * The document an upsert starts from: the filter's equality conditions (`field: value`,
 * `field: { $eq: value }`, and those inside a top-level $and), as MongoDB seeds it.
 */
export function upsertSeed(filter: Document): Document {
  const seed: Document = {};
  const collect = (conditions: Document) => {
    for (const [field, condition] of Object.entries(conditions)) {
      if (field === '$and' && Array.isArray(condition)) condition.forEach(collect);
      if (field.startsWith('$')) continue;
      if (isOperatorObject(condition)) {
        if ('$eq' in condition) setPath(seed, field, cloneDocument(condition.$eq));
        continue;
      }
      setPath(seed, field, cloneDocument(condition));
    }
  };
  collect(filter);
  return seed;
}

function isOperatorObject(value: unknown): value is Document {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).some((key) => key.startsWith('$'));
}

function setPath(document: Document, path: string, value: unknown): void {
  const steps = path.split('.');
  let target = document;
  for (const step of steps.slice(0, -1)) target = (target[step] ??= {}) as Document;
  target[steps[steps.length - 1]] = value;
}

/** The new document of an upsert, with a fresh ObjectId when neither filter nor update named an _id. */
export function upsertDocument(filter: Document, update: UpdateSpec, arrayFilters?: Document[]): Document {
  const next = applyUpdate(upsertSeed(filter), update, { inserting: true, filter, arrayFilters });
  return '_id' in next ? next : { _id: new ObjectId(), ...next };
}

/** Whether an update changed anything (nModified counts only real changes). */
export function changed(before: Document, after: Document): boolean {
  return EJSON.stringify(before, { relaxed: false }) !== EJSON.stringify(after, { relaxed: false });
}
