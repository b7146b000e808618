import type { PresetDto, PresetRequest } from '@protocol';
import type { ChatSetup } from './chat-setup-context.js';

// Preset bookkeeping that is not part of how a chat is set up.
const presetOnly = ['presetId', 'title', 'defaultPreset', 'order', 'user', 'createdAt', 'updatedAt', 'presetOverride', '_id', '__v', 'conversationId'] as const;

/** Spec 000 §3: a preset is the conversation's options plus its own identity; this keeps the options. */
export function presetToSetup(preset: Partial<PresetDto> | PresetRequest): ChatSetup {
  const copy: Record<string, unknown> = { ...preset };
  for (const key of presetOnly) delete copy[key];
  for (const [key, value] of Object.entries(copy)) if (value === null || value === undefined) delete copy[key];
  return { ...(copy as unknown as ChatSetup), endpoint: (preset.endpoint as string | null | undefined) ?? null };
}

/** The body of POST /api/presets for the current setup; nulls and unset options are left out. */
export function setupToPreset(setup: ChatSetup, title: string, extra: Partial<PresetRequest> = {}): PresetRequest {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(setup)) if (value !== null && value !== undefined) body[key] = value;
  return { ...(body as PresetRequest), ...extra, title };
}
