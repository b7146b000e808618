import { describe, expect, it } from 'vitest';
import { dateGroupOf, groupByDate } from './group-by-date.js';

// Local times: grouping follows the user's calendar, not UTC.
const at = (year: number, month: number, day: number, hour = 12, minute = 0) => new Date(year, month - 1, day, hour, minute);
const now = at(2024, 6, 15, 9, 30);

describe('dateGroupOf', () => {
  it.each([
    ['later today (clock skew)', at(2024, 6, 15, 23, 0), 'today'],
    ['the start of today', at(2024, 6, 15, 0, 0), 'today'],
    ['the end of yesterday', at(2024, 6, 14, 23, 59), 'yesterday'],
    ['the start of yesterday', at(2024, 6, 14, 0, 0), 'yesterday'],
    ['two days ago', at(2024, 6, 13, 23, 59), 'previous7'],
    ['seven days ago', at(2024, 6, 8, 0, 0), 'previous7'],
    ['eight days ago', at(2024, 6, 7, 23, 59), 'previous30'],
    ['thirty days ago', at(2024, 5, 16, 0, 0), 'previous30'],
  ])('puts %s under %s', (_, date, kind) => {
    expect(dateGroupOf(date, now)).toEqual({ kind });
  });

  it('names the month for older dates of this year, the year before that', () => {
    expect(dateGroupOf(at(2024, 5, 15, 23, 59), now)).toEqual({ kind: 'month', month: 4 });
    expect(dateGroupOf(at(2024, 1, 1, 0, 0), now)).toEqual({ kind: 'month', month: 0 });
    expect(dateGroupOf(at(2023, 12, 31, 23, 59), now)).toEqual({ kind: 'year', year: 2023 });
  });

  it('keeps the 30-day window across a year boundary before falling back to the year', () => {
    const newYear = at(2025, 1, 2, 10);
    expect(dateGroupOf(at(2024, 12, 31, 12), newYear)).toEqual({ kind: 'previous7' });
    expect(dateGroupOf(at(2024, 12, 10, 12), newYear)).toEqual({ kind: 'previous30' });
    expect(dateGroupOf(at(2024, 11, 30, 12), newYear)).toEqual({ kind: 'year', year: 2024 });
  });

  it('counts calendar days across a daylight-saving change', () => {
    // 23- and 25-hour days still count as one day each.
    expect(dateGroupOf(at(2024, 3, 30, 12), at(2024, 3, 31, 12))).toEqual({ kind: 'yesterday' });
    expect(dateGroupOf(at(2024, 10, 26, 12), at(2024, 10, 27, 12))).toEqual({ kind: 'yesterday' });
  });
});

describe('groupByDate', () => {
  it('keeps the server order inside groups and merges out-of-order items into their group', () => {
    const items = [
      { id: 'a', updatedAt: at(2024, 6, 15, 8).toISOString() },
      { id: 'b', updatedAt: at(2024, 6, 14, 8).toISOString() },
      { id: 'c', updatedAt: at(2024, 6, 15, 7).toISOString() },
      { id: 'd', updatedAt: at(2024, 3, 2).toISOString() },
      { id: 'e', updatedAt: at(2022, 3, 2).toISOString() },
    ];
    const groups = groupByDate(items, now);
    expect(groups.map((group) => [group.key, group.items.map((item) => item.id)])).toEqual([
      ['today', ['a', 'c']],
      ['yesterday', ['b']],
      ['month-2', ['d']],
      ['year-2022', ['e']],
    ]);
  });
});
