import { describe, expect, it } from 'vitest';
import { type ContractContext, fileInput, pause } from './context.js';

export function describeFilesContract(context: ContractContext): void {
  describe('files', () => {
    it('round-trips a file record', async () => {
      const user = await context.createUser();
      const input = fileInput(user.id, { type: 'image/png', width: 640, height: 480, embedded: true, conversationId: 'conversation-1', source: 's3' });
      const saved = await context.store.files.upsert(input);
      expect(saved).toMatchObject(input);
      expect(saved.createdAt).toBeInstanceOf(Date);
      expect(await context.store.files.find(user.id, input.file_id)).toEqual(saved);
      expect(await context.store.files.find(user.id, 'missing')).toBeNull();
    });

    it("keeps the client's temp_file_id, null when none was given", async () => {
      const user = await context.createUser();
      const withId = await context.store.files.upsert({ ...fileInput(user.id), temp_file_id: 'client-id-1' });
      expect(await context.store.files.find(user.id, withId.file_id)).toMatchObject({ temp_file_id: 'client-id-1' });
      const without = await context.store.files.upsert(fileInput(user.id));
      expect((await context.store.files.find(user.id, without.file_id))?.temp_file_id ?? null).toBeNull();
    });

    it('clears temp_file_id once a message uses the file, on the owner\'s records only', async () => {
      const [owner, other] = [await context.createUser(), await context.createUser()];
      const used = await context.store.files.upsert({ ...fileInput(owner.id), temp_file_id: 'client-id-used' });
      const waiting = await context.store.files.upsert({ ...fileInput(owner.id), temp_file_id: 'client-id-waiting' });
      const othersCopy = await context.store.files.upsert({ ...fileInput(other.id, { file_id: used.file_id }), temp_file_id: 'client-id-other' });
      await pause();
      await context.store.files.clearTemporaryIds(owner.id, [used.file_id, used.file_id, 'missing']);
      const cleared = await context.store.files.find(owner.id, used.file_id);
      expect(cleared?.temp_file_id ?? null).toBeNull();
      expect(cleared).toMatchObject({ filename: used.filename, bytes: used.bytes, createdAt: used.createdAt });
      expect(cleared!.updatedAt.getTime()).toBeGreaterThan(used.updatedAt.getTime());
      expect(await context.store.files.find(owner.id, waiting.file_id)).toMatchObject({ temp_file_id: 'client-id-waiting' });
      expect(await context.store.files.find(other.id, othersCopy.file_id)).toMatchObject({ temp_file_id: 'client-id-other' });
      await context.store.files.clearTemporaryIds(owner.id, []);
    });

    it('replaces by file_id and keeps createdAt', async () => {
      const user = await context.createUser();
      const input = fileInput(user.id);
      const first = await context.store.files.upsert(input);
      await pause();
      const replaced = await context.store.files.upsert({ ...input, filename: 'renamed.txt', bytes: 99 });
      expect(replaced).toMatchObject({ filename: 'renamed.txt', bytes: 99, createdAt: first.createdAt });
      expect(replaced.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
      expect(await context.store.files.list(user.id)).toHaveLength(1);
    });

    it('lists newest first', async () => {
      const user = await context.createUser();
      const older = await context.store.files.upsert(fileInput(user.id));
      await pause();
      const newer = await context.store.files.upsert(fileInput(user.id));
      expect((await context.store.files.list(user.id)).map((file) => file.file_id)).toEqual([newer.file_id, older.file_id]);
    });

    it('deletes the given files and counts them', async () => {
      const user = await context.createUser();
      const [first, second, kept] = [fileInput(user.id), fileInput(user.id), fileInput(user.id)];
      for (const file of [first, second, kept]) await context.store.files.upsert(file);
      expect(await context.store.files.delete(user.id, [first.file_id, second.file_id, 'missing'])).toBe(2);
      expect((await context.store.files.list(user.id)).map((file) => file.file_id)).toEqual([kept.file_id]);
      expect(await context.store.files.delete(user.id, [])).toBe(0);
    });
  });
}
