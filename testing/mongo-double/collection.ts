import { EJSON, type Document } from 'bson';
import { CommandError, duplicateKey } from './command-error.js';
import { indexKey, isPlainValue, sameIndex, UniqueIndex, type IndexSpec } from './indexes.js';

const idIndex: IndexSpec = { name: '_id_', key: { _id: 1 } };

/**
 * One collection in memory. Documents are never changed in place: an update swaps in a new object,
 * so a cursor holding a batch keeps what it read. Every write checks every unique index before it
 * changes anything, so a duplicate leaves the collection as it was.
 */
export class MemoryCollection {
  readonly documents: Document[] = [];
  private readonly specs = new Map<string, IndexSpec>([[idIndex.name, idIndex]]);
  private readonly uniqueIndexes = new Map<string, UniqueIndex>();
  private readonly ids = new Map<string, Document>();

  constructor(readonly namespace: string) {}

  get indexes(): IndexSpec[] {
    return [...this.specs.values()];
  }

  /**
   * The documents a filter can match: the one a unique index finds when the filter pins all its
   * fields (the store's lookups by id, so an upsert does not scan the collection), else every
   * document. Callers still match the filter against them.
   */
  candidates(filter: Document | undefined): Document[] {
    if (!filter) return this.documents;
    if (isPlainValue(filter._id)) {
      const holder = this.ids.get(indexKey([filter._id]));
      return holder ? [holder] : [];
    }
    for (const unique of this.uniqueIndexes.values()) {
      const holder = unique.lookup(filter);
      if (holder !== undefined) return holder ? [holder] : [];
    }
    return this.documents;
  }

  /** Creates the index; false when an identical one exists. Refuses when existing documents break a unique index. */
  createIndex(spec: IndexSpec): boolean {
    const existing = this.specs.get(spec.name);
    if (existing) {
      if (sameIndex(existing, spec)) return false;
      throw new CommandError(86, 'IndexKeySpecsConflict', `An existing index has the same name (${spec.name}) as the requested index but different options`);
    }
    const sameKey = this.indexes.find((index) => EJSON.stringify(index.key) === EJSON.stringify(spec.key) && !index.partialFilterExpression && !spec.partialFilterExpression);
    if (sameKey) throw new CommandError(85, 'IndexOptionsConflict', `Index already exists with a different name: ${sameKey.name}`);
    if (spec.unique) {
      const unique = new UniqueIndex(spec, this.namespace);
      for (const document of this.documents) {
        unique.check(document);
        unique.add(document);
      }
      this.uniqueIndexes.set(spec.name, unique);
    }
    this.specs.set(spec.name, spec);
    return true;
  }

  dropIndex(name: string): void {
    if (name === idIndex.name) throw new CommandError(72, 'InvalidOptions', 'cannot drop _id index');
    if (!this.specs.delete(name)) throw new CommandError(27, 'IndexNotFound', `index not found with name [${name}]`);
    this.uniqueIndexes.delete(name);
  }

  insert(document: Document): void {
    this.check(document);
    this.documents.push(document);
    this.track(document);
  }

  replace(previous: Document, next: Document): void {
    this.check(next, previous);
    const position = this.documents.indexOf(previous);
    if (position < 0) throw new Error('replacing a document the collection does not hold');
    this.untrack(previous);
    this.documents[position] = next;
    this.track(next);
  }

  remove(document: Document): void {
    const position = this.documents.indexOf(document);
    if (position < 0) return;
    this.documents.splice(position, 1);
    this.untrack(document);
  }

  private check(document: Document, replacing?: Document): void {
    const id = indexKey([document._id]);
    const holder = this.ids.get(id);
    if (holder && holder !== replacing) throw duplicateKey(this.namespace, idIndex.name, idIndex.key, { _id: document._id });
    for (const unique of this.uniqueIndexes.values()) unique.check(document, replacing);
  }

  private track(document: Document): void {
    this.ids.set(indexKey([document._id]), document);
    for (const unique of this.uniqueIndexes.values()) unique.add(document);
  }

  private untrack(document: Document): void {
    this.ids.delete(indexKey([document._id]));
    for (const unique of this.uniqueIndexes.values()) unique.remove(document);
  }
}

/** Every database and collection the double holds, created on first write as MongoDB does. */
export class Catalog {
  private readonly databases = new Map<string, Map<string, MemoryCollection>>();

  find(database: string, name: string): MemoryCollection | undefined {
    return this.databases.get(database)?.get(name);
  }

  /** The collection, created when missing; `created` says whether this call made it. */
  open(database: string, name: string): { collection: MemoryCollection; created: boolean } {
    let collections = this.databases.get(database);
    if (!collections) this.databases.set(database, (collections = new Map()));
    const existing = collections.get(name);
    if (existing) return { collection: existing, created: false };
    const collection = new MemoryCollection(`${database}.${name}`);
    collections.set(name, collection);
    return { collection, created: true };
  }

  list(database: string): Array<[string, MemoryCollection]> {
    return [...(this.databases.get(database) ?? new Map<string, MemoryCollection>()).entries()];
  }

  databaseNames(): string[] {
    return [...this.databases.keys()];
  }

  drop(database: string, name: string): MemoryCollection | undefined {
    const collection = this.find(database, name);
    this.databases.get(database)?.delete(name);
    return collection;
  }

  dropDatabase(database: string): void {
    this.databases.delete(database);
  }
}
