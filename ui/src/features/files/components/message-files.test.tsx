import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '../../../test/chat-fixtures.js';
import { mockChatServer } from '../../../test/chat-server.js';
import { uploadAnswer } from '../../../test/file-fixtures.js';
import { json } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import { stubVirtualLayout } from '../../../test/virtual-layout.js';

const bytes = (text: string) => () => new Response(text, { status: 200, headers: { 'content-type': 'application/octet-stream' } });
const question = () => within(screen.getByRole('log', { name: 'Messages' })).getByRole('article', { name: 'You' });

describe('files on sent messages', () => {
  beforeEach(() => {
    stubVirtualLayout();
    URL.createObjectURL = vi.fn(() => 'blob:image');
    URL.revokeObjectURL = vi.fn();
  });

  it('shows an image inline (opened large on click) and a document as a card that downloads', async () => {
    const u1 = message('u1', null, {
      text: 'Look at these',
      files: [
        { file_id: 'img-1', filename: 'cat.png', filepath: '/uploads/u1/img-1.png', type: 'image/png', width: 640, height: 480 },
        { file_id: 'doc-1', filename: 'report.pdf', filepath: '/uploads/u1/doc-1.pdf', type: 'application/pdf' },
      ],
    });
    const { callsTo } = mockChatServer([u1, message('a1', 'u1', { text: 'Nice cat.' })], {
      'GET /api/files/download/u1/img-1': bytes('png'),
      'GET /api/files/download/u1/doc-1': bytes('pdf'),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderApp('/c/c1');

    await screen.findByText('Look at these', {}, { timeout: 5000 });
    const image = await within(question()).findByRole('img', { name: 'cat.png' });
    expect(image).toHaveAttribute('src', 'blob:image');
    expect(within(question()).getByText('report.pdf')).toBeInTheDocument();
    expect(within(question()).getByText('application/pdf')).toBeInTheDocument();

    await user.click(within(question()).getByRole('button', { name: 'Open image cat.png' }));
    const viewer = screen.getByRole('dialog', { name: 'cat.png' });
    expect(within(viewer).getByRole('img', { name: 'cat.png' })).toHaveAttribute('src', 'blob:image');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(question()).getByRole('button', { name: 'Download report.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(callsTo('GET', '/api/files/download/u1/doc-1')).toHaveLength(1);
    click.mockRestore();
  });

  it('tells the user when a file cannot be downloaded any more', async () => {
    const u1 = message('u1', null, { text: 'Old file', files: [{ file_id: 'gone', filename: 'old.txt', type: 'text/plain' }] });
    mockChatServer([u1], { 'GET /api/files/download/u1/gone': () => json(404, { message: 'File not found' }) });
    const { user } = renderApp('/c/c1');
    await user.click(await screen.findByRole('button', { name: 'Download old.txt' }, { timeout: 5000 }));
    expect(await screen.findByText('Error downloading file. The file may have been deleted.')).toBeInTheDocument();
  });

  it('deletes unsent uploads when the user starts a new conversation', async () => {
    const { callsTo } = mockChatServer([message('u1', null, { text: 'Hi' })], {
      'POST /api/files': (request) => json(200, uploadAnswer(String((request.body as FormData).get('file_id')), { file_id: 'tmp-1' })),
      'DELETE /api/files': () => json(200, { message: 'Files deleted successfully' }),
    });
    const { user } = renderApp('/c/c1');
    await screen.findByText('Hi', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled());
    await user.upload(screen.getByTestId('composer-file-input'), new File(['a'], 'draft.txt', { type: 'text/plain' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Attached files' })).toBeInTheDocument());
    await waitFor(() => expect(callsTo('POST', '/api/files')).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Attached files' })).queryByRole('progressbar')).not.toBeInTheDocument());

    await user.click(screen.getAllByRole('button', { name: 'New chat' })[0]);
    await waitFor(() => expect(callsTo('DELETE', '/api/files')).toHaveLength(1));
    expect(callsTo('DELETE', '/api/files')[0].body).toEqual({ files: [{ file_id: 'tmp-1' }] });
    expect(screen.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
  });

  it('deletes uploads a reload left unsent, once, when the chat screen loads', async () => {
    window.localStorage.setItem('filesToDelete', JSON.stringify(['left-1', 'left-2']));
    const { callsTo } = mockChatServer([], { 'DELETE /api/files': () => json(200, { message: 'Files deleted successfully' }) });
    renderApp('/c/new');
    await waitFor(() => expect(callsTo('DELETE', '/api/files')).toHaveLength(1), { timeout: 5000 });
    expect(callsTo('DELETE', '/api/files')[0].body).toEqual({ files: [{ file_id: 'left-1' }, { file_id: 'left-2' }] });
    await waitFor(() => expect(window.localStorage.getItem('filesToDelete')).toBeNull());
  });
});
