import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { renderFeature } from '../../../test/render-feature.js';
import { PluginRuns, pluginLayout, pluginRunsOf } from './plugin-runs.js';

const done = { runId: 'r1', latest: 'calculator', inputs: ['{"input":"6*7"}'], outputs: '42', loading: false };
const names = { calculator: 'Calculator' };

describe('pluginLayout', () => {
  it("puts box i before segment i of the text split on the markers, as LibreChat's client does", () => {
    const second = { ...done, runId: 'r2' };
    expect(pluginLayout('Let me see.:::plugin:::\n:::plugin:::\nIt is 42.', [done, second])).toEqual([
      { run: done, text: 'Let me see.' },
      { run: second, text: '' },
      { run: undefined, text: 'It is 42.' },
    ]);
  });

  it('puts every box first for a reply without markers (the agent loop of the other endpoints)', () => {
    expect(pluginLayout('It is 42.', [done])).toEqual([{ runs: [done], text: 'It is 42.' }]);
  });
});

describe('pluginRunsOf', () => {
  it('reads the stored entries and leaves out what is no box', () => {
    expect(pluginRunsOf([done, 'junk', null])).toEqual([done]);
    expect(pluginRunsOf(undefined)).toEqual([]);
  });
});

describe('PluginRuns', () => {
  it('shows each box with its state and display name, its input and output inside, and the text without markers', () => {
    const running = { runId: 'r2', latest: 'calculator', inputs: ['{"input":"1+1"}'], outputs: null, loading: true };
    const broken = { runId: 'r3', latest: 'explode', inputs: ['{}'], outputs: 'error processing tool explode: the fuse was lit', loading: false };
    mockFetch();
    const { container } = renderFeature(
      <PluginRuns text={':::plugin:::\n:::plugin:::\n:::plugin:::\nIt is 42.'} runs={[done, running, broken]} names={names} math={false} streaming={false} />,
    );
    const boxes = [...container.querySelectorAll('details')];
    expect(boxes.map((box) => [box.dataset.state, box.querySelector('summary')!.textContent])).toEqual([
      ['done', 'Used Calculator'],
      ['running', expect.stringContaining('Using Calculator…')],
      ['failed', 'explode failed'],
    ]);
    expect(boxes[0]).toHaveTextContent('Input{"input":"6*7"}Output42');
    // A running tool has no output yet.
    expect(boxes[1]).not.toHaveTextContent('Output');
    expect(screen.getByText('It is 42.')).toBeInTheDocument();
    expect(container).not.toHaveTextContent(':::plugin:::');
  });

  it('counts a run as failed when "error processing tool" appears anywhere in its output, or it is flagged', () => {
    const wrapped = { ...done, runId: 'r4', outputs: 'The tool said: error processing tool calculator: bad input' };
    const flagged = { ...done, runId: 'r5', outputs: 'partial', error: true };
    mockFetch();
    const { container } = renderFeature(<PluginRuns text="" runs={[wrapped, flagged]} names={names} math={false} streaming={false} />);
    expect([...container.querySelectorAll('details')].map((box) => box.dataset.state)).toEqual(['failed', 'failed']);
  });
});

describe('PluginRuns, box titles', () => {
  const catalogueEntry = (pluginKey: string, name: string) => ({ pluginKey, name, description: '', icon: '', authConfig: [], authenticated: true });
  const titles = (container: HTMLElement) => [...container.querySelectorAll('summary')].map((summary) => summary.textContent);

  it('come from the tool catalogue when the plugins endpoint is off (no name map): built-in and MCP tools', async () => {
    mockFetch({ 'GET /api/plugins': () => json(200, [catalogueEntry('calculator', 'Calculator'), catalogueEntry('add_mcp_maths', 'add (maths)')]) });
    const mcp = { ...done, runId: 'r2', latest: 'add_mcp_maths' };
    const { container } = renderFeature(<PluginRuns text="" runs={[done, mcp]} names={undefined} math={false} streaming={false} />);
    await waitFor(() => expect(titles(container)).toEqual(['Used Calculator', 'Used add (maths)']));
  });

  it("prefer the catalogue's name to the plugins endpoint's map, and keep the map for tools the catalogue lacks", async () => {
    mockFetch({ 'GET /api/plugins': () => json(200, [catalogueEntry('calculator', 'Calculator (catalogue)')]) });
    const other = { ...done, runId: 'r2', latest: 'retired' };
    const { container } = renderFeature(<PluginRuns text="" runs={[done, other]} names={{ calculator: 'Calculator', retired: 'Retired tool' }} math={false} streaming={false} />);
    await waitFor(() => expect(titles(container)).toEqual(['Used Calculator (catalogue)', 'Used Retired tool']));
  });

  it("fall back to the map, then to the tool's key, when the catalogue cannot be read", async () => {
    const { callsTo } = mockFetch({ 'GET /api/plugins': () => json(500, { message: 'down' }) });
    const unknown = { ...done, runId: 'r2', latest: 'mystery' };
    const { container } = renderFeature(<PluginRuns text="" runs={[done, unknown]} names={names} math={false} streaming={false} />);
    await waitFor(() => expect(callsTo('GET', '/api/plugins')).toHaveLength(1));
    expect(titles(container)).toEqual(['Used Calculator', 'Used mystery']);
  });
});

describe('PluginRuns, a call waiting for approval', () => {
  const waiting = (expiresInMs: number) => ({
    runId: 'r9', latest: 'calculator', inputs: ['{"input":"6*7"}'], outputs: null, loading: true,
    approval: { id: 'approval-1', status: 'pending' as const, expiresAt: new Date(Date.now() + expiresInMs).toISOString() },
  });

  it('asks with Allow and Deny buttons and the time left, and sends the answer once', async () => {
    const { callsTo } = mockFetch({ 'POST /api/ask/approval': () => json(200, { approvalId: 'approval-1', status: 'allowed' }) });
    const { user, container } = renderFeature(<PluginRuns text="" runs={[waiting(95_000)]} names={names} math={false} streaming />);
    // The question is announced once, as a status; the countdown is outside it.
    expect(await screen.findByText('Allow Calculator to run?')).toHaveAttribute('role', 'status');
    expect(container.querySelector('details')!.dataset.state).toBe('awaiting-approval');
    expect(container.querySelector('summary')).toHaveTextContent('Waiting for your approval to use Calculator');
    expect(screen.getByText(/^1:3[45] left$/)).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Allow Calculator to run?' });
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual(['Allow', 'Deny']);
    await user.click(within(group).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Allow' })).not.toBeInTheDocument());
    expect(callsTo('POST', '/api/ask/approval').map((request) => request.body)).toEqual([{ approvalId: 'approval-1', allow: true }]);
  });

  it('says so when the answer could not be sent, and keeps the buttons', async () => {
    mockFetch({ 'POST /api/ask/approval': () => json(500, { message: 'boom' }) });
    const { user } = renderFeature(<PluginRuns text="" runs={[waiting(60_000)]} names={names} math={false} streaming />);
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your answer could not be sent. Try again.');
    expect(screen.getByRole('button', { name: 'Deny' })).toBeEnabled();
  });

  it('shows no buttons once the wait is over, and how a decided call ended', () => {
    mockFetch();
    const denied = { runId: 'r1', latest: 'calculator', inputs: ['{}'], outputs: 'The user denied this call of calculator: it did not run.', loading: false, error: true, approval: { id: 'a1', status: 'denied' as const } };
    const expired = { ...denied, runId: 'r2', approval: { id: 'a2', status: 'expired' as const } };
    const allowed = { ...done, runId: 'r3', approval: { id: 'a3', status: 'allowed' as const } };
    const { container } = renderFeature(<PluginRuns text="" runs={[denied, expired, allowed, waiting(-1_000)]} names={names} math={false} streaming={false} />);
    expect([...container.querySelectorAll('details')].map((box) => [box.dataset.state, box.querySelector('summary')!.textContent])).toEqual([
      ['denied', 'You denied Calculator'],
      ['expired', 'Calculator was not approved in time'],
      ['done', 'Used Calculator'],
      ['awaiting-approval', expect.stringContaining('Waiting for your approval to use Calculator')],
    ]);
    expect(screen.queryByRole('button', { name: 'Allow' })).not.toBeInTheDocument();
  });
});
