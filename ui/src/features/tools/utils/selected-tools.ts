import type { PluginDto } from '@protocol';
import { readStorage, writeStorage } from '../../../lib/storage.js';

/** Spec 000 §3 / 001 §3 storage item: the tools last picked, offered again to the next new chat. */
export const LAST_SELECTED_TOOLS_KEY = 'lastSelectedTools';

/**
 * The remembered tool keys. LibreChat's client stores whole plugin objects there; those are read
 * by their `pluginKey`, so a browser that used LibreChat at this origin keeps its choice.
 */
export function readLastSelectedTools(): string[] {
  try {
    const stored: unknown = JSON.parse(readStorage(LAST_SELECTED_TOOLS_KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.flatMap((entry: unknown) => {
      if (typeof entry === 'string') return [entry];
      if (entry && typeof entry === 'object' && 'pluginKey' in entry && typeof entry.pluginKey === 'string') return [entry.pluginKey];
      return [];
    });
  } catch {
    return [];
  }
}

export function rememberSelectedTools(keys: readonly string[]): void {
  writeStorage(LAST_SELECTED_TOOLS_KEY, JSON.stringify(keys));
}

/**
 * The tools a turn may use, as the server decides (core/tools/tool-catalogue.ts `resolve`): those the
 * user installed, and those the operator authenticated, which need no install (conversations made
 * through LibreChat's client send them so).
 */
export function usableToolKeys(plugins: readonly PluginDto[], installed: readonly string[]): string[] {
  return plugins.filter((plugin) => installed.includes(plugin.pluginKey) || plugin.authenticated).map((plugin) => plugin.pluginKey);
}

/** The selection without the tools that are not in `allowed`, in its order. */
export function keepAllowed(keys: readonly string[], allowed: readonly string[]): string[] {
  return keys.filter((key) => allowed.includes(key));
}

/** Adds a tool to the selection, or takes it out when it is in. */
export function toggleTool(keys: readonly string[], key: string): string[] {
  return keys.includes(key) ? keys.filter((entry) => entry !== key) : [...keys, key];
}

/** Same keys in the same order: nothing to write back. */
export function sameTools(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((key, index) => key === right[index]);
}
