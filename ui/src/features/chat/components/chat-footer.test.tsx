import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/mock-fetch.js';
import { ChatFooter } from './chat-footer.js';

describe('ChatFooter', () => {
  it('shows the title, version and tagline by default', () => {
    render(<ChatFooter config={testConfig()} />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'TestChat v1.2.3 - All AI conversations in one place. Pay per call and not per month',
    );
  });

  it('renders a custom footer as markdown-lite parts separated by |', () => {
    render(<ChatFooter config={testConfig({ customFooter: '[Acme AI](https://acme.example) | **Internal use only**' })} />);
    expect(screen.getByRole('link', { name: 'Acme AI' })).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Internal use only').tagName).toBe('STRONG');
  });

  it('adds the privacy policy and terms of service links of librechat.yaml interface after the text', () => {
    const config = testConfig({
      interface: { privacyPolicy: { externalUrl: 'https://example.com/privacy', openNewTab: true }, termsOfService: { externalUrl: 'https://example.com/terms' } },
    });
    render(<ChatFooter config={config} />);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(/per month\s*\|\s*Privacy policy.*\|\s*Terms of service$/);
    expect(screen.getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', 'https://example.com/terms');
    expect(screen.getByRole('link', { name: 'Terms of service' })).not.toHaveAttribute('target');
  });
});
