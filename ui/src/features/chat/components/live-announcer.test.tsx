import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveAnnouncer } from './live-announcer.js';

describe('LiveAnnouncer', () => {
  it('announces a streaming reply by sentences, not by frame, then the end', () => {
    const { rerender } = render(<LiveAnnouncer text="" streaming />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');

    rerender(<LiveAnnouncer text="Short start" streaming />);
    expect(region).toHaveTextContent('');
    const first = 'The tea ceremony is a Japanese tradition that has been practised for many centuries. It';
    rerender(<LiveAnnouncer text={first} streaming />);
    expect(region).toHaveTextContent(/^The tea ceremony is a Japanese tradition that has been practised for many centuries\.$/);

    rerender(<LiveAnnouncer text={`${first} is calm.`} streaming={false} />);
    expect(region).toHaveTextContent('It is calm. Reply complete.');
  });
});
