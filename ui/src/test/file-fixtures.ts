import type { FileDto, UploadFileResponse } from '@protocol';

/** A stored file of the test user, as GET /api/files lists it. */
export const testFile = (overrides: Partial<FileDto> = {}): FileDto => ({
  file_id: 'f1',
  user: 'u1',
  filename: 'notes.txt',
  filepath: '/uploads/u1/f1.txt',
  type: 'text/plain',
  bytes: 2048,
  source: 'local',
  context: 'message_attachment',
  embedded: false,
  object: 'file',
  usage: 0,
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-01T10:00:00.000Z',
  ...overrides,
});

/** POST /api/files' answer for an upload the client named `temporaryId`. */
export const uploadAnswer = (temporaryId: string, overrides: Partial<FileDto> = {}): UploadFileResponse => ({
  message: 'File uploaded and processed successfully',
  ...testFile(overrides),
  temp_file_id: temporaryId,
});
