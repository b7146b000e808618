import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockChatServer } from '../../../test/chat-server.js';
import { uploadAnswer } from '../../../test/file-fixtures.js';
import { deferred, json, type Handlers, type RecordedRequest } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import { stubVirtualLayout } from '../../../test/virtual-layout.js';

vi.mock('../utils/read-image-size.js', () => ({ readImageSize: async () => ({ width: 640, height: 480 }) }));

const composer = () => screen.getByRole('textbox', { name: 'Message' });
const fileInput = () => screen.getByTestId('composer-file-input');
const chips = () => screen.getByRole('list', { name: 'Attached files' });
const pick = (...files: File[]) => fireEvent.change(fileInput(), { target: { files } });
const form = (request: RecordedRequest) => request.body as FormData;

async function openChat(handlers: Handlers = {}) {
  const server = mockChatServer([], handlers);
  const app = renderApp('/c/new');
  await waitFor(() => expect(composer()).toBeEnabled(), { timeout: 5000 });
  return { ...app, ...server };
}

describe('attaching files in the composer', () => {
  beforeEach(() => {
    stubVirtualLayout();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });

  it('uploads a picked document with LibreChat\'s fields, shows its progress and card, and sends it with the message', async () => {
    const upload = deferred<Response>();
    const { callsTo, user } = await openChat({
      'POST /api/files': () => upload.promise,
      'POST /api/ask/openAI': () => new Promise<Response>(() => undefined),
    });
    pick(new File(['# Plan'], 'plan b.md', { type: '' }));

    const bar = await within(chips()).findByRole('progressbar', { name: 'Uploading plan b.md' });
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    expect(within(chips()).getByText('text/markdown')).toBeInTheDocument();
    const sent = form(callsTo('POST', '/api/files')[0]);
    const temporaryId = String(sent.get('file_id'));
    expect(temporaryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.get('endpoint')).toBe('openAI');
    expect((sent.get('file') as File).name).toBe('plan%20b.md');
    expect(sent.has('width')).toBe(false);

    // Nothing goes out while the upload runs.
    await user.type(composer(), 'Summarize this{Enter}');
    expect(callsTo('POST', '/api/ask/openAI')).toHaveLength(0);

    upload.resolve(json(200, uploadAnswer(temporaryId, { file_id: 'srv-1', filename: 'plan b.md', filepath: '/uploads/u1/srv-1.md', type: 'text/markdown' })));
    await waitFor(() => expect(within(chips()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90'));
    await waitFor(() => expect(within(chips()).queryByRole('progressbar')).not.toBeInTheDocument());
    // Remembered until sent, so a reload does not leave it on the server.
    expect(JSON.parse(window.localStorage.getItem('filesToDelete') ?? '[]')).toEqual(['srv-1']);

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(callsTo('POST', '/api/ask/openAI')).toHaveLength(1));
    expect(callsTo('POST', '/api/ask/openAI')[0].body).toMatchObject({
      text: 'Summarize this',
      files: [{ file_id: 'srv-1', filepath: '/uploads/u1/srv-1.md', type: 'text/markdown' }],
    });
    // The chips go with the message; the upload stays (the message holds it).
    expect(screen.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
    expect(callsTo('DELETE', '/api/files')).toHaveLength(0);
    await waitFor(() => expect(window.localStorage.getItem('filesToDelete')).toBeNull());
  });

  it('measures an image before its upload to the images route, shows its thumbnail, and deletes the upload when its chip is removed', async () => {
    let answered = 0;
    const { callsTo, user } = await openChat({
      'POST /api/files/images': (request) => {
        answered += 1;
        return json(200, uploadAnswer(String(form(request).get('file_id')), { file_id: 'img-1', filename: 'cat.png', type: 'image/png', width: 640, height: 480 }));
      },
      'DELETE /api/files': () => json(200, { message: 'Files deleted successfully' }),
    });
    pick(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cat.png', { type: 'image/png' }));

    expect(await within(chips()).findByRole('img', { name: 'cat.png' })).toHaveAttribute('src', 'blob:preview');
    await waitFor(() => expect(answered).toBe(1));
    expect(callsTo('POST', '/api/files')).toHaveLength(0);
    const sent = form(callsTo('POST', '/api/files/images')[0]);
    expect([sent.get('width'), sent.get('height')]).toEqual(['640', '480']);
    await waitFor(() => expect(within(chips()).queryByRole('progressbar')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Remove cat.png' }));
    expect(screen.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo('DELETE', '/api/files')).toHaveLength(1));
    expect(callsTo('DELETE', '/api/files')[0].body).toEqual({ files: [{ file_id: 'img-1' }] });
  });

  it('refuses unsupported, oversized and duplicate files before any upload, in one toast', async () => {
    const { callsTo } = await openChat({
      'GET /api/files/config': () => json(200, { endpoints: { openAI: { fileSizeLimit: 1 } } }),
      'POST /api/files': (request) => json(200, uploadAnswer(String(form(request).get('file_id')), { file_id: 'ok-1' })),
    });
    const note = new File(['hello'], 'note.txt', { type: 'text/plain' });
    pick(note, new File(['x'], 'tool.exe', { type: 'application/x-msdownload' }), new File([new Uint8Array(1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' }));
    pick(new File(['hello'], 'note.txt', { type: 'text/plain' }));

    const alert = await screen.findByText(/Currently, unsupported file type: application\/x-msdownload/);
    expect(alert).toHaveTextContent('File size exceeds 1 MB.');
    expect(alert).toHaveTextContent('Duplicate file detected.');
    await waitFor(() => expect(callsTo('POST', '/api/files')).toHaveLength(1));
    expect((form(callsTo('POST', '/api/files')[0]).get('file') as File).name).toBe('note.txt');
  });

  it('refuses more files than the endpoint allows, and tells the server\'s reason when an upload fails', async () => {
    const { callsTo } = await openChat({
      'GET /api/files/config': () => json(200, { endpoints: { default: { fileLimit: 1 } } }),
      'POST /api/files': () => json(415, { message: 'Currently, unsupported file type: text/html' }),
    });
    pick(new File(['a'], 'a.txt', { type: 'text/plain' }), new File(['b'], 'b.txt', { type: 'text/plain' }));
    expect(await screen.findByText('You can only upload up to 1 files at a time.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/files')).toHaveLength(0);

    pick(new File(['<p>'], 'page.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Currently, unsupported file type: text/html')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
  });

  it('tells the user after 3 s that an upload is slow', async () => {
    const upload = deferred<Response>();
    await openChat({ 'POST /api/files': () => upload.promise });
    pick(new File(['a'], 'slow.txt', { type: 'text/plain' }));
    await screen.findByRole('progressbar', { name: 'Uploading slow.txt' });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(screen.queryByText(/is taking more time than anticipated/)).not.toBeInTheDocument();
    expect(await screen.findByText(/Uploading "slow.txt" is taking more time than anticipated/, {}, { timeout: 2000 })).toBeInTheDocument();
    upload.resolve(json(500, { message: 'Error processing file' }));
  }, 15_000);
});
