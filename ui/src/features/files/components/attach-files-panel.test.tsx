import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockChatServer } from '../../../test/chat-server.js';
import { testFile } from '../../../test/file-fixtures.js';
import { json } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import { stubVirtualLayout } from '../../../test/virtual-layout.js';

// Twelve files, newest first: report-11 … report-0.
const stored = Array.from({ length: 12 }, (_, index) =>
  testFile({ file_id: `f${index}`, filename: `report-${index}.pdf`, type: 'application/pdf', updatedAt: new Date(Date.UTC(2024, 2, index + 1)).toISOString() }),
);

const tabPanel = () => screen.getByRole('tabpanel');
const names = () => within(tabPanel()).getAllByRole('button', { name: /^Attach / }).map((button) => button.textContent);

describe('the attach-files side panel', () => {
  beforeEach(() => {
    stubVirtualLayout();
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });

  it('pages the user\'s files 10 at a time, filters and sorts them, and attaches one to the message', async () => {
    const { callsTo } = mockChatServer([], {
      'GET /api/files': () => json(200, stored),
      'POST /api/ask/openAI': () => new Promise<Response>(() => undefined),
    });
    const { user } = renderApp('/c/new');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled(), { timeout: 5000 });
    await user.click(screen.getAllByRole('button', { name: 'Attach files' }).find((button) => !button.closest('form'))!);

    await within(tabPanel()).findByText('report-11.pdf');
    expect(names()).toHaveLength(10);
    expect(names()[0]).toBe('report-11.pdf');
    const previous = within(tabPanel()).getByRole('button', { name: 'Previous' });
    expect(previous).toBeDisabled();
    await user.click(within(tabPanel()).getByRole('button', { name: 'Next' }));
    expect(names()).toEqual(['report-1.pdf', 'report-0.pdf']);
    expect(within(tabPanel()).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(previous);

    await user.click(within(tabPanel()).getByRole('button', { name: 'Name' }));
    expect(names().slice(0, 3)).toEqual(['report-0.pdf', 'report-1.pdf', 'report-10.pdf']);
    await user.type(within(tabPanel()).getByRole('searchbox', { name: 'Filter files by name…' }), 'report-7');
    expect(names()).toEqual(['report-7.pdf']);

    await user.click(within(tabPanel()).getByRole('button', { name: 'Attach report-7.pdf' }));
    const chips = screen.getByRole('list', { name: 'Attached files' });
    expect(within(chips).getByText('report-7.pdf')).toBeInTheDocument();
    // Attaching it twice is a duplicate.
    await user.click(within(tabPanel()).getByRole('button', { name: 'Attach report-7.pdf' }));
    expect(await screen.findByText('Duplicate file detected.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Compare{Enter}');
    await waitFor(() => expect(callsTo('POST', '/api/ask/openAI')).toHaveLength(1));
    expect(callsTo('POST', '/api/ask/openAI')[0].body).toMatchObject({ files: [{ file_id: 'f7', type: 'application/pdf' }] });
    expect(callsTo('POST', '/api/files')).toHaveLength(0);
  });

  it('never deletes a stored file when its chip is removed, and opens My files from Manage files', async () => {
    const { callsTo } = mockChatServer([], { 'GET /api/files': () => json(200, stored.slice(0, 2)) });
    const { user } = renderApp('/c/new');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled(), { timeout: 5000 });
    await user.click(screen.getAllByRole('button', { name: 'Attach files' }).find((button) => !button.closest('form'))!);
    await user.click(await within(tabPanel()).findByRole('button', { name: 'Attach report-1.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Remove report-1.pdf' }));
    expect(screen.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
    expect(callsTo('DELETE', '/api/files')).toHaveLength(0);

    await user.click(within(tabPanel()).getByRole('button', { name: 'Manage files' }));
    expect(await screen.findByRole('dialog', { name: 'My files' })).toBeInTheDocument();
  });
});
