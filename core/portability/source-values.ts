import { ImportError } from './imported-conversation.js';

/** Loose readers for values of a parsed export: a source file is untrusted and every field may be missing. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function recordOf(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new ImportError(`${what} is not an object`);
  return value;
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A non-empty string or number id as text. */
export function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * A timestamp in any of the exports' spellings: an ISO string, or a number of seconds (ChatGPT,
 * Open WebUI) or of milliseconds (values past the year 33658 in seconds are taken as milliseconds).
 */
export function dateOf(value: unknown): Date | undefined {
  let date: Date | undefined;
  if (typeof value === 'number' && Number.isFinite(value)) date = new Date(value > 1e12 ? value : value * 1000);
  else if (typeof value === 'string' && value !== '') date = new Date(value);
  else if (value instanceof Date) date = value;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

export function arrayOf(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new ImportError(`${what} is not a list`);
  return value;
}
