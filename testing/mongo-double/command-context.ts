import type { Document } from 'bson';
import { find } from 'mingo';
import type { Catalog } from './collection.js';
import type { CursorRegistry } from './cursors.js';

/** What a command handler works on: the data, the open cursors and the command's database. */
export interface CommandContext {
  catalog: Catalog;
  cursors: CursorRegistry;
  /** The command's `$db`. */
  database: string;
  connectionId: number;
}

export type CommandHandler = (command: Document, context: CommandContext) => Document;

export interface QueryOptions {
  filter?: Document;
  sort?: Document;
  skip?: number;
  limit?: number;
  projection?: Document;
}

/** Matches, sorts (before skip and limit, whatever the order given), pages and projects, through mingo. */
export function queryDocuments(documents: Document[], { filter, sort, skip, limit, projection }: QueryOptions): Document[] {
  let cursor = find(documents, filter ?? {}, hasKeys(projection) ? projection : undefined);
  if (hasKeys(sort)) cursor = cursor.sort(sort);
  if (skip) cursor = cursor.skip(skip);
  if (limit) cursor = cursor.limit(Math.abs(limit));
  return cursor.all() as Document[];
}

/** The first match in sort order, or undefined. */
export function firstMatch(documents: Document[], filter: Document | undefined, sort?: Document): Document | undefined {
  return queryDocuments(documents, { filter, sort, limit: 1 })[0];
}

export function project(document: Document, projection: Document | undefined): Document {
  return hasKeys(projection) ? (find([document], {}, projection).all()[0] as Document) : document;
}

export function hasKeys(value: Document | null | undefined): value is Document {
  return value !== null && value !== undefined && Object.keys(value).length > 0;
}

/** The collection name a command names in its first field (`{ find: 'users' }`). */
export function collectionName(command: Document): string {
  const [name] = Object.keys(command);
  return String(command[name]);
}
