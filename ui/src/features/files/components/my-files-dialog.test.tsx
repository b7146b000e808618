import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testFile } from '../../../test/file-fixtures.js';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { renderFeature } from '../../../test/render-feature.js';
import { MyFilesDialog } from './my-files-dialog.js';

const files = [
  testFile({ file_id: 'a', filename: 'zebra.pdf', bytes: 3 * 1024 * 1024 + 200_000, updatedAt: '2024-03-02T10:00:00.000Z', type: 'application/pdf' }),
  testFile({ file_id: 'b', filename: 'apple.txt', bytes: 100, updatedAt: '2024-03-03T10:00:00.000Z' }),
  testFile({ file_id: 'c', filename: 'mango.png', bytes: 52_429, updatedAt: '2024-03-01T10:00:00.000Z', type: 'image/png', source: 'local' }),
];

const names = () => within(screen.getByRole('dialog', { name: 'My files' })).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1].textContent);

function open(handlers = {}) {
  const server = mockFetch({ 'GET /api/files': () => json(200, files), ...handlers });
  const view = renderFeature(<MyFilesDialog open onClose={vi.fn()} />);
  return { ...server, ...view };
}

describe('My files', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
  });

  it('lists the files newest first with size in MB (two decimals, < 0.01 MB), storage and context', async () => {
    open();
    await screen.findByText('zebra.pdf');
    expect(names()).toEqual(['apple.txt', 'zebra.pdf', 'mango.png']);
    const zebra = screen.getByText('zebra.pdf').closest('tr')!;
    expect(within(zebra).getByText('3.19 MB')).toBeInTheDocument();
    expect(within(zebra).getByText('local')).toBeInTheDocument();
    expect(within(zebra).getByText('message_attachment')).toBeInTheDocument();
    expect(within(screen.getByText('apple.txt').closest('tr')!).getByText('< 0.01 MB')).toBeInTheDocument();
    expect(within(screen.getByText('mango.png').closest('tr')!).getByText('0.05 MB')).toBeInTheDocument();
  });

  it("shows the storage used against the user's quota when fileConfig sets one, and nothing when it does not", async () => {
    open({ 'GET /api/files/config': () => json(200, { userStorageLimit: 10 }) });
    expect(await screen.findByText('Storage: 3.24 MB of 10.00 MB used')).toBeInTheDocument();
  });

  it('shows no storage line without a quota', async () => {
    const { callsTo } = open({ 'GET /api/files/config': () => json(200, { endpoints: { default: { fileLimit: 3 } } }) });
    await screen.findByText('zebra.pdf');
    await waitFor(() => expect(callsTo('GET', '/api/files/config')).toHaveLength(1));
    // One more render after the config arrived, then the line must still be missing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/^Storage:/)).not.toBeInTheDocument();
  });

  it('sorts by name, size and date from the keyboard, and filters by name', async () => {
    const { user } = open();
    await screen.findByText('zebra.pdf');
    screen.getByRole('button', { name: 'Name' }).focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['apple.txt', 'mango.png', 'zebra.pdf']);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['zebra.pdf', 'mango.png', 'apple.txt']);
    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(names()).toEqual(['zebra.pdf', 'mango.png', 'apple.txt']);
    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(names()).toEqual(['apple.txt', 'mango.png', 'zebra.pdf']);

    await user.type(screen.getByRole('searchbox', { name: 'Filter files by name…' }), 'AN');
    expect(names()).toEqual(['mango.png']);
    expect(screen.getByText('0 of 1 selected')).toBeInTheDocument();
  });

  it('deletes the selected files after a confirmation, and counts the selection', async () => {
    let remaining = files;
    const { user, callsTo } = open({
      'GET /api/files': () => json(200, remaining),
      'DELETE /api/files': () => {
        remaining = files.filter((file) => file.file_id === 'b');
        return json(200, { message: 'Files deleted successfully' });
      },
    });
    await screen.findByText('zebra.pdf');
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select zebra.pdf' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select mango.png' }));
    expect(screen.getByText('2 of 3 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete files?' });
    expect(confirm).toHaveTextContent('Delete 2 selected file(s)?');
    // Cancel keeps everything.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('DELETE', '/api/files')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(names()).toEqual(['apple.txt']));
    expect(callsTo('DELETE', '/api/files')[0].body).toEqual({ files: [{ file_id: 'a' }, { file_id: 'c' }] });
    expect(screen.getByText('0 of 1 selected')).toBeInTheDocument();
  });

  it('selects all shown files at once', async () => {
    const { user } = open();
    await screen.findByText('zebra.pdf');
    await user.click(screen.getByRole('checkbox', { name: 'Select all files' }));
    expect(screen.getByText('3 of 3 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all files' }));
    expect(screen.getByText('0 of 3 selected')).toBeInTheDocument();
  });

  it('downloads a file through the owner-only download route', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, callsTo } = open({
      'GET /api/files/download/u1/b': () => new Response('hello', { status: 200, headers: { 'content-type': 'application/octet-stream' } }),
    });
    await screen.findByText('apple.txt');
    await user.click(screen.getByRole('button', { name: 'Download apple.txt' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(callsTo('GET', '/api/files/download/u1/b')).toHaveLength(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('apple.txt');
    click.mockRestore();
  });
});
