import { describe, expect, it } from 'vitest';
import { type ContractContext, pause, presetInput } from './context.js';

export function describePresetsContract(context: ContractContext): void {
  describe('presets', () => {
    it('round-trips a preset with its options', async () => {
      const user = await context.createUser();
      const input = presetInput(user.id, { title: 'Creative', temperature: 1.2, promptPrefix: null, tools: ['calculator'], order: 2 });
      const saved = await context.store.presets.upsert(input);
      expect(saved).toMatchObject(input);
      expect(saved.createdAt).toBeInstanceOf(Date);
      expect(await context.store.presets.find(user.id, input.presetId)).toEqual(saved);
      expect(await context.store.presets.find(user.id, 'missing')).toBeNull();
    });

    it('replaces by presetId and keeps createdAt', async () => {
      const user = await context.createUser();
      const input = presetInput(user.id, { temperature: 0.2 });
      const first = await context.store.presets.upsert(input);
      await pause();
      const replaced = await context.store.presets.upsert({ ...presetInput(user.id, { presetId: input.presetId, title: 'Renamed' }) });
      expect(replaced).toMatchObject({ title: 'Renamed', createdAt: first.createdAt });
      expect(replaced.temperature).toBeUndefined();
      expect(replaced.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
      expect(await context.store.presets.list(user.id)).toHaveLength(1);
    });

    it('keeps a single default when another preset is saved as default', async () => {
      const user = await context.createUser();
      const first = await context.store.presets.upsert(presetInput(user.id, { defaultPreset: true }));
      const second = await context.store.presets.upsert(presetInput(user.id, { defaultPreset: true }));
      expect((await context.store.presets.find(user.id, first.presetId))?.defaultPreset).toBe(false);
      expect((await context.store.presets.find(user.id, second.presetId))?.defaultPreset).toBe(true);
      expect((await context.store.presets.list(user.id)).filter((preset) => preset.defaultPreset)).toHaveLength(1);
    });

    it('moves or clears the default with setDefault', async () => {
      const user = await context.createUser();
      const first = await context.store.presets.upsert(presetInput(user.id, { defaultPreset: true }));
      const second = await context.store.presets.upsert(presetInput(user.id));
      await context.store.presets.setDefault(user.id, second.presetId);
      expect((await context.store.presets.find(user.id, first.presetId))?.defaultPreset).toBe(false);
      expect((await context.store.presets.find(user.id, second.presetId))?.defaultPreset).toBe(true);
      await context.store.presets.setDefault(user.id, null);
      expect((await context.store.presets.list(user.id)).some((preset) => preset.defaultPreset)).toBe(false);
    });

    it('lists by order with nulls last, then newest updatedAt', async () => {
      const user = await context.createUser();
      const unorderedOld = await context.store.presets.upsert(presetInput(user.id, { order: null }));
      await pause();
      const second = await context.store.presets.upsert(presetInput(user.id, { order: 2 }));
      await pause();
      const unorderedNew = await context.store.presets.upsert(presetInput(user.id, { order: null }));
      const first = await context.store.presets.upsert(presetInput(user.id, { order: 1 }));
      const listed = await context.store.presets.list(user.id);
      expect(listed.map((preset) => preset.presetId)).toEqual([first.presetId, second.presetId, unorderedNew.presetId, unorderedOld.presetId]);
    });

    it('deletes one preset or all of them', async () => {
      const user = await context.createUser();
      const first = await context.store.presets.upsert(presetInput(user.id));
      await context.store.presets.upsert(presetInput(user.id));
      await context.store.presets.upsert(presetInput(user.id));
      expect(await context.store.presets.delete(user.id, first.presetId)).toBe(true);
      expect(await context.store.presets.delete(user.id, first.presetId)).toBe(false);
      expect(await context.store.presets.deleteAll(user.id)).toBe(2);
      expect(await context.store.presets.list(user.id)).toEqual([]);
    });
  });
}
