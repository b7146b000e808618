import { EJSON, type Document } from 'bson';
import { Query } from 'mingo';
import { duplicateKey } from './command-error.js';

/** An index as createIndexes receives it and listIndexes shows it. */
export interface IndexSpec {
  name: string;
  key: Document;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Document;
  /** Accepted and listed; the double never expires documents (the store does not rely on TTL). */
  expireAfterSeconds?: number;
}

/** A dotted path's value, undefined when any step is missing. */
export function valueAt(document: Document, path: string): unknown {
  let value: unknown = document;
  for (const step of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Document)[step];
  }
  return value;
}

/**
 * A value's identity in an index. Canonical extended JSON keeps types apart ("1" is not 1) and
 * renders dates and ObjectIds by value. A missing field is indexed as null, as MongoDB does.
 */
export function indexKey(values: unknown[]): string {
  return EJSON.stringify(values.map((value) => value ?? null), { relaxed: false });
}

/**
 * Enforces one unique index: which document holds each key. Documents the index leaves out
 * (sparse with no key field, or not matching the partial filter) never conflict.
 */
export class UniqueIndex {
  private readonly holders = new Map<string, Document>();
  private readonly fields: string[];
  private readonly partialFilter?: Query;

  constructor(
    readonly spec: IndexSpec,
    private readonly namespace: string,
  ) {
    this.fields = Object.keys(spec.key);
    if (spec.partialFilterExpression) this.partialFilter = new Query(spec.partialFilterExpression);
  }

  private keyOf(document: Document): string | undefined {
    if (this.partialFilter && !this.partialFilter.test(document)) return undefined;
    const values = this.fields.map((field) => valueAt(document, field));
    if (this.spec.sparse && values.every((value) => value === undefined)) return undefined;
    return indexKey(values);
  }

  /** Throws E11000 when a document other than `replacing` holds the key of `document`. */
  check(document: Document, replacing?: Document): void {
    const key = this.keyOf(document);
    if (key === undefined) return;
    const holder = this.holders.get(key);
    if (holder && holder !== replacing) {
      const keyValue = Object.fromEntries(this.fields.map((field) => [field, valueAt(document, field) ?? null]));
      throw duplicateKey(this.namespace, this.spec.name, this.spec.key, keyValue);
    }
  }

  /**
   * The one document holding the key a filter pins every field of this index to (null when none
   * does), or undefined when the index cannot answer: a partial or sparse index, or a condition
   * that is not a plain string, number or boolean.
   */
  lookup(filter: Document): Document | null | undefined {
    if (this.partialFilter || this.spec.sparse) return undefined;
    const values = this.fields.map((field) => filter[field]);
    if (!values.every(isPlainValue)) return undefined;
    return this.holders.get(indexKey(values)) ?? null;
  }

  add(document: Document): void {
    const key = this.keyOf(document);
    if (key !== undefined) this.holders.set(key, document);
  }

  remove(document: Document): void {
    const key = this.keyOf(document);
    if (key !== undefined && this.holders.get(key) === document) this.holders.delete(key);
  }
}

export function isPlainValue(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The options createIndexes accepts, in the shape listIndexes answers with. */
export function normaliseIndexSpec(raw: Document): IndexSpec {
  const spec: IndexSpec = { name: String(raw.name), key: raw.key as Document };
  if (raw.unique) spec.unique = true;
  if (raw.sparse) spec.sparse = true;
  if (raw.partialFilterExpression) spec.partialFilterExpression = raw.partialFilterExpression as Document;
  if (typeof raw.expireAfterSeconds === 'number') spec.expireAfterSeconds = raw.expireAfterSeconds;
  return spec;
}

/** Two specs are the same index when name, key and options all agree. */
export function sameIndex(left: IndexSpec, right: IndexSpec): boolean {
  return EJSON.stringify(left, { relaxed: false }) === EJSON.stringify(right, { relaxed: false });
}
