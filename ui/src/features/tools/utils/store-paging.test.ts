import type { PluginDto } from '@protocol';
import { describe, expect, it } from 'vitest';
import { gridColumns, itemsPerPage, pageCount, pageOf, searchPlugins } from './store-paging.js';

const plugin = (name: string, description = ''): PluginDto => ({ name, pluginKey: name.toLowerCase(), description, icon: '', authConfig: [], authenticated: false });

describe('itemsPerPage', () => {
  it.each([
    [320, 8],
    [500, 8],
    [501, 4],
    [639, 4],
    [640, 6],
    [1023, 6],
    [1024, 8],
    [1920, 8],
  ])('at %i px is %i', (width, count) => {
    expect(itemsPerPage(width)).toBe(count);
  });

  it('fills two rows of the grid from 501 px', () => {
    for (const width of [501, 700, 1200]) expect(itemsPerPage(width)).toBe(gridColumns(width) * 2);
    expect(gridColumns(400)).toBe(1);
  });
});

describe('searchPlugins', () => {
  const plugins = [plugin('Google', 'Search the web'), plugin('Calculator', 'Math'), plugin('Wolfram', 'Computational knowledge')];

  it('matches names and descriptions case-insensitively, and keeps all for a blank search', () => {
    expect(searchPlugins(plugins, 'SEARCH').map((entry) => entry.name)).toEqual(['Google']);
    expect(searchPlugins(plugins, 'calc').map((entry) => entry.name)).toEqual(['Calculator']);
    expect(searchPlugins(plugins, '  ')).toHaveLength(3);
    expect(searchPlugins(plugins, 'zapier')).toEqual([]);
  });
});

describe('pages', () => {
  const items = Array.from({ length: 10 }, (_, index) => index);

  it('counts pages and cuts them, clamping a page past the end to the last', () => {
    expect(pageCount(10, 4)).toBe(3);
    expect(pageCount(0, 4)).toBe(1);
    expect(pageOf(items, 0, 4)).toEqual([0, 1, 2, 3]);
    expect(pageOf(items, 2, 4)).toEqual([8, 9]);
    expect(pageOf(items, 7, 4)).toEqual([8, 9]);
    expect(pageOf(items, -1, 4)).toEqual([0, 1, 2, 3]);
  });
});
