/** Where a conversation falls in the sidebar (spec 000 §2/§9), by its last update. */
export type DateGroup =
  | { kind: 'today' | 'yesterday' | 'previous7' | 'previous30' }
  | { kind: 'month'; month: number }
  | { kind: 'year'; year: number };

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** Whole calendar days between two local dates; DST days of 23 or 25 hours still count as one. */
function calendarDaysBetween(earlier: Date, later: Date): number {
  return Math.round((startOfDay(later).getTime() - startOfDay(earlier).getTime()) / 86_400_000);
}

/**
 * Today and Yesterday are calendar days; "Previous 7 days" covers the 5 days before yesterday up
 * to a week ago, "Previous 30 days" the rest of the month before that; older ones go under their
 * month this year, or their year. A date in the future (a skewed clock) counts as today.
 */
export function dateGroupOf(date: Date, now: Date): DateGroup {
  const days = calendarDaysBetween(date, now);
  if (days <= 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  if (days <= 7) return { kind: 'previous7' };
  if (days <= 30) return { kind: 'previous30' };
  if (date.getFullYear() === now.getFullYear()) return { kind: 'month', month: date.getMonth() };
  return { kind: 'year', year: date.getFullYear() };
}

export function dateGroupKey(group: DateGroup): string {
  if (group.kind === 'month') return `month-${group.month}`;
  if (group.kind === 'year') return `year-${group.year}`;
  return group.kind;
}

export interface Grouped<T> {
  key: string;
  group: DateGroup;
  items: T[];
}

/**
 * Groups items in their given order (the server's: newest update first). An item whose group was
 * already seen joins it, so an out-of-order page never splits a group in two.
 */
export function groupByDate<T extends { updatedAt: string }>(items: readonly T[], now: Date = new Date()): Grouped<T>[] {
  const groups = new Map<string, Grouped<T>>();
  for (const item of items) {
    const date = new Date(item.updatedAt);
    const group = Number.isNaN(date.getTime()) ? ({ kind: 'today' } as const) : dateGroupOf(date, now);
    const key = dateGroupKey(group);
    const existing = groups.get(key);
    if (existing) existing.items.push(item);
    else groups.set(key, { key, group, items: [item] });
  }
  return [...groups.values()];
}
