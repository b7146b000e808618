import type { EndpointOptions, ExportBatch } from './common.js';

export interface Preset extends EndpointOptions {
  presetId: string;
  user: string;
  title: string;
  defaultPreset: boolean;
  order: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PresetsRepository {
  /** Inserts or replaces by presetId. Saving one with defaultPreset true unsets the user's other default. */
  upsert(preset: Omit<Preset, 'createdAt' | 'updatedAt'>): Promise<Preset>;
  find(userId: string, presetId: string): Promise<Preset | null>;
  /** Every preset of every user, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<Preset>>;
  /** Ordered by order (nulls last), then newest updatedAt. */
  list(userId: string): Promise<Preset[]>;
  setDefault(userId: string, presetId: string | null): Promise<void>;
  delete(userId: string, presetId: string): Promise<boolean>;
  deleteAll(userId: string): Promise<number>;
}
