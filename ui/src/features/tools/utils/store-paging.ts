import type { PluginDto } from '@protocol';

/**
 * The shared items-per-page rule of the grids (spec 000 §9, spec 001 §2): 8 below 501 px, otherwise
 * two rows of 2, 3 or 4 columns (below 640, below 1024, otherwise).
 */
export function itemsPerPage(width: number): number {
  if (width < 501) return 8;
  return gridColumns(width) * 2;
}

/** The store grid's columns at a width; one column below 501 px, where the page holds 8 in a list. */
export function gridColumns(width: number): number {
  if (width < 501) return 1;
  if (width < 640) return 2;
  if (width < 1024) return 3;
  return 4;
}

/** The tools whose name or description contains the search text, case-insensitively. */
export function searchPlugins(plugins: readonly PluginDto[], search: string): PluginDto[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...plugins];
  return plugins.filter((plugin) => plugin.name.toLowerCase().includes(needle) || plugin.description.toLowerCase().includes(needle));
}

/** How many pages `count` items fill; an empty list still has its one (empty) page. */
export function pageCount(count: number, perPage: number): number {
  return Math.max(1, Math.ceil(count / perPage));
}

/** The items of a page (0-based), the page clamped to the last one when the list shrank under it. */
export function pageOf<T>(items: readonly T[], page: number, perPage: number): T[] {
  const last = pageCount(items.length, perPage) - 1;
  const start = Math.min(Math.max(page, 0), last) * perPage;
  return items.slice(start, start + perPage);
}
