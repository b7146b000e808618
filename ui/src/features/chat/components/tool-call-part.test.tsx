import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { renderFeature } from '../../../test/render-feature.js';
import { minimumRunningMs, ToolCallPart } from './tool-call-part.js';

const retrieval = (progress: number) => ({ id: 'call_1', type: 'retrieval' as const, retrieval: {}, progress });
const calculator = (approval: { id: string; status: 'pending' | 'allowed' | 'denied' | 'expired'; expiresAt?: string }, output: string | null = null) => ({
  id: 'call_2', type: 'function' as const, function: { name: 'calculator', arguments: '{"input":"6*7"}', output }, progress: output === null ? 0.01 : 1, approval,
});

afterEach(() => vi.useRealTimers());

describe('ToolCallPart', () => {
  it('shows "searching my knowledge" for a while when the search ends as it appears, then "used retrieval"', async () => {
    mockFetch();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Both frames of a local search fold before the first render: the part appears already done.
    renderFeature(<ToolCallPart call={retrieval(1)} live />);
    expect(await screen.findByText('Searching my knowledge')).toBeTruthy();
    expect(document.querySelector('details')?.getAttribute('data-tool-state')).toBe('running');
    await act(async () => vi.advanceTimersByTime(minimumRunningMs + 50));
    expect(screen.getByText('Used retrieval')).toBeTruthy();
    expect(document.querySelector('details')?.getAttribute('data-tool-state')).toBe('done');
  });

  it('shows a reopened reply as it ended', async () => {
    mockFetch();
    renderFeature(<ToolCallPart call={retrieval(1)} live={false} />);
    expect(await screen.findByText('Used retrieval')).toBeTruthy();
  });

  it('asks Allow / Deny with the time left for a call that waits, and sends the answer', async () => {
    const { callsTo } = mockFetch({ 'POST /api/ask/approval': () => json(200, { approvalId: 'ap1', status: 'allowed' }) });
    const { user } = renderFeature(<ToolCallPart call={calculator({ id: 'ap1', status: 'pending', expiresAt: new Date(Date.now() + 95_000).toISOString() })} live />);
    expect(await screen.findByText('Waiting for your approval to use calculator')).toBeTruthy();
    expect(screen.getByText('Allow calculator to run?')).toBeTruthy();
    expect(screen.getByText(/^1:3\d left$/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await vi.waitFor(() => expect(callsTo('POST', '/api/ask/approval').map((request) => request.body)).toEqual([{ approvalId: 'ap1', allow: true }]));
  });

  it('says a denied or expired call did not run, without buttons', async () => {
    mockFetch();
    renderFeature(
      <>
        <ToolCallPart call={calculator({ id: 'ap2', status: 'denied' }, 'The user denied this call of calculator: it did not run.')} live={false} />
        <ToolCallPart call={calculator({ id: 'ap3', status: 'expired' }, 'The user did not approve this call of calculator within 2 minutes: it did not run.')} live={false} />
      </>,
    );
    expect(await screen.findByText('You denied calculator')).toBeTruthy();
    expect(screen.getByText('calculator was not approved in time')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
  });
});
