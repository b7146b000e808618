import type { PluginDto } from '@protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { keepAllowed, LAST_SELECTED_TOOLS_KEY, readLastSelectedTools, rememberSelectedTools, sameTools, toggleTool, usableToolKeys } from './selected-tools.js';

afterEach(() => window.localStorage.clear());

describe('lastSelectedTools', () => {
  it('remembers keys, and reads the plugin objects LibreChat stored by their pluginKey', () => {
    expect(readLastSelectedTools()).toEqual([]);
    rememberSelectedTools(['google', 'calculator']);
    expect(window.localStorage.getItem(LAST_SELECTED_TOOLS_KEY)).toBe('["google","calculator"]');
    expect(readLastSelectedTools()).toEqual(['google', 'calculator']);
    window.localStorage.setItem(LAST_SELECTED_TOOLS_KEY, JSON.stringify([{ name: 'Wolfram', pluginKey: 'wolfram' }, 7, null, 'dalle']));
    expect(readLastSelectedTools()).toEqual(['wolfram', 'dalle']);
  });

  it('reads a corrupt or foreign entry as no tools', () => {
    window.localStorage.setItem(LAST_SELECTED_TOOLS_KEY, '{not json');
    expect(readLastSelectedTools()).toEqual([]);
    window.localStorage.setItem(LAST_SELECTED_TOOLS_KEY, '{"google":true}');
    expect(readLastSelectedTools()).toEqual([]);
  });
});

describe('selection helpers', () => {
  it('counts installed and operator-authenticated tools as usable, as the server does', () => {
    const plugin = (pluginKey: string, authenticated: boolean): PluginDto => ({ name: pluginKey, pluginKey, description: '', icon: '', authConfig: [], authenticated });
    const plugins = [plugin('google', false), plugin('calculator', true), plugin('wolfram', false), plugin('tavily', false)];
    expect(usableToolKeys(plugins, ['wolfram', 'gone'])).toEqual(['calculator', 'wolfram']);
  });

  it('drops tools not allowed, toggles one, and compares selections', () => {
    expect(keepAllowed(['google', 'wolfram', 'calculator'], ['calculator', 'google'])).toEqual(['google', 'calculator']);
    expect(toggleTool(['google'], 'calculator')).toEqual(['google', 'calculator']);
    expect(toggleTool(['google', 'calculator'], 'google')).toEqual(['calculator']);
    expect(sameTools(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameTools(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameTools(['a'], ['a', 'b'])).toBe(false);
  });
});
