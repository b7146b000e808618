import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    const { container } = render(
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
    const { container } = render(<PluginRuns text="" runs={[wrapped, flagged]} names={names} math={false} streaming={false} />);
    expect([...container.querySelectorAll('details')].map((box) => box.dataset.state)).toEqual(['failed', 'failed']);
  });
});
