import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../errors/index.js';
import { deletePresetsRequestSchema, presetRequestSchema, setDefaultPresetRequestSchema, type DeletePresetsResponse } from '../../protocol/preset.js';
import type { Preset } from '../../store/repositories/presets.js';
import { parseInput } from '../parse.js';
import { toPresetDto } from '../../presenters/preset-dto.js';
import { parsePresetImport, type ParsedPreset } from './schema.js';

/**
 * /api/presets: list, save, import, choose the default, delete. Scoped to the signed-in user: the
 * owner comes from the session, and another user's presetId is a 404 (or, on save, a new preset of
 * the caller's own — the store scopes ids by owner).
 */
export async function presetsRoutes(app: FastifyInstance): Promise<void> {
  const presets = app.store.presets;
  const authenticate = { preHandler: app.auth.authenticate };

  const save = (userId: string, input: ParsedPreset, existing: Preset | null) => {
    const { presetId, defaultPreset, order, ...options } = input;
    const { createdAt: _createdAt, updatedAt: _updatedAt, ...stored } = existing ?? {};
    return presets.upsert({
      // Fields left out keep their stored value, as LibreChat's $set does: an edit dialog that does
      // not send defaultPreset must not silently unset the default.
      ...stored,
      ...options,
      presetId: presetId ?? randomUUID(),
      user: userId,
      defaultPreset: defaultPreset ?? existing?.defaultPreset ?? false,
      order: order !== undefined ? order : (existing?.order ?? null),
    } as Omit<Preset, 'createdAt' | 'updatedAt'>);
  };

  app.get('/api/presets', authenticate, async (request) => (await presets.list(request.user!.id)).map(toPresetDto));

  app.post('/api/presets', authenticate, async (request, reply) => {
    const input = parseInput(presetRequestSchema, request.body);
    const userId = request.user!.id;
    const existing = input.presetId ? await presets.find(userId, input.presetId) : null;
    reply.status(201);
    return toPresetDto(await save(userId, input, existing));
  });

  app.post('/api/presets/import', authenticate, async (request, reply) => {
    const items = parsePresetImport(request.body);
    const userId = request.user!.id;
    const saved: Preset[] = [];
    // Fresh ids so an import never overwrites a preset; never the default, so an import (possibly of
    // several "default" presets) does not change which one the user chose.
    for (const item of items) saved.push(await save(userId, { ...item, presetId: randomUUID(), defaultPreset: false }, null));
    reply.status(201);
    return saved.map(toPresetDto);
  });

  app.post('/api/presets/default', authenticate, async (request) => {
    const { presetId } = parseInput(setDefaultPresetRequestSchema, request.body);
    const userId = request.user!.id;
    if (presetId !== null && !(await presets.find(userId, presetId))) throw new NotFoundError('Preset not found');
    await presets.setDefault(userId, presetId);
    // The whole list, so a client can refresh every preset's defaultPreset flag at once.
    return (await presets.list(userId)).map(toPresetDto);
  });

  app.post('/api/presets/delete', authenticate, async (request): Promise<DeletePresetsResponse> => {
    const body = parseInput(deletePresetsRequestSchema, request.body);
    const userId = request.user!.id;
    if (body.presetId === undefined) return { deletedCount: await presets.deleteAll(userId) };
    if (!(await presets.delete(userId, body.presetId))) throw new NotFoundError('Preset not found');
    return { deletedCount: 1 };
  });
}
