import type { PresetDto, PresetRequest } from '@protocol';
import { saveBlob } from '../../../lib/save-blob.js';

// Identity and bookkeeping stay on this server; an imported file makes a new preset.
const notExported = new Set(['presetId', 'user', 'createdAt', 'updatedAt', 'defaultPreset', 'order', '_id', '__v']);

/** A stored preset, or one being edited (whose fields may still be null). */
type ExportablePreset = (Partial<PresetDto> & { title: string }) | PresetRequest;

/** The preset as it is written to a file: its title, endpoint and options, without nulls. */
export function presetForExport(preset: ExportablePreset): PresetRequest {
  const entries = Object.entries(preset).filter(([key, value]) => !notExported.has(key) && value !== null && value !== undefined);
  return Object.fromEntries(entries) as PresetRequest;
}

export function presetFileName(title: string): string {
  const safe = title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '').trim() || 'preset';
  return `${safe}.json`;
}

/** Saves the preset as `<title>.json` through a temporary link. */
export function downloadPreset(preset: ExportablePreset): void {
  const blob = new Blob([JSON.stringify(presetForExport(preset), null, 2)], { type: 'application/json' });
  saveBlob(blob, presetFileName(preset.title));
}

/**
 * Spec 000 §5: a preset import needs a JSON file. Returns the parsed preset or list of presets,
 * or null for anything that is not a .json file holding an object or an array of objects.
 */
export function parsePresetFile(fileName: string, text: string): object | object[] | null {
  if (!fileName.toLowerCase().endsWith('.json')) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const isObject = (item: unknown) => Boolean(item) && typeof item === 'object' && !Array.isArray(item);
  if (Array.isArray(value)) return value.length > 0 && value.every(isObject) ? (value as object[]) : null;
  return isObject(value) ? (value as object) : null;
}
