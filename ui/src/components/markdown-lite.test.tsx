import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownLite, safeHref } from './markdown-lite.js';

describe('MarkdownLite', () => {
  it('renders links, bold and italic as elements around plain text', () => {
    const { container } = render(
      <p>
        <MarkdownLite text="Run by [IT](https://it.example.com) - **be nice** and *kind*, see [help](/help)" />
      </p>,
    );
    const external = screen.getByRole('link', { name: 'IT' });
    expect(external).toHaveAttribute('href', 'https://it.example.com');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'help' })).not.toHaveAttribute('target');
    expect(container.querySelector('strong')).toHaveTextContent('be nice');
    expect(container.querySelector('em')).toHaveTextContent('kind');
    expect(container).toHaveTextContent('Run by IT - be nice and kind, see help');
  });

  it('keeps dangerous links and HTML as text', () => {
    const { container } = render(
      <p>
        <MarkdownLite text={'[click](javascript:alert(1)) <img src=x onerror=alert(1)> [x](//evil.example)'} />
      </p>,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('click');
  });

  it('allows web, mail and same-site links only', () => {
    expect(safeHref('https://a.example')).toBe('https://a.example');
    expect(safeHref('mailto:it@example.com')).toBe('mailto:it@example.com');
    expect(safeHref('/faq')).toBe('/faq');
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });
});
