import type { InterfaceSettings } from '@protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startupConfigQueryKey } from '../../../lib/query-keys.js';
import { writeViewSetting } from '../../../lib/settings/index.js';
import { defaultStartupConfig } from '../../../lib/startup-config/default-startup-config.js';
import { SidePanelLayout } from './side-panel-layout.js';

/** The startup config is seeded, as the app has it by the time the chat shows: no request goes out. */
function renderLayout(settings: Partial<InterfaceSettings> = {}) {
  const user = userEvent.setup();
  const queryClient = new QueryClient();
  queryClient.setQueryData(startupConfigQueryKey, { ...defaultStartupConfig, interface: settings });
  render(
    <QueryClientProvider client={queryClient}>
      <SidePanelLayout>
        <p>chat area</p>
      </SidePanelLayout>
    </QueryClientProvider>,
  );
  return user;
}

const panel = () => screen.queryByRole('complementary', { name: 'Side panel' });

describe('SidePanelLayout', () => {
  it('starts as the collapsed strip beside the chat; an icon opens its panel, marked as coming later', async () => {
    const user = renderLayout();
    expect(screen.getByText('chat area')).toBeInTheDocument();
    expect(panel()).toHaveStyle({ width: '3%' });
    expect(screen.getByRole('separator', { name: 'Resize side panel' })).toHaveAttribute('aria-valuenow', '3');

    await user.click(screen.getByRole('button', { name: 'Assistant builder' }));
    expect(panel()).toHaveStyle({ width: '25%' });
    expect(screen.getByRole('tab', { name: 'Assistant builder' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Building assistants arrives in a later version.');
    expect(window.localStorage.getItem('side:active-panel')).toBe('assistants');
  });

  it('moves between tabs with the arrow keys', async () => {
    window.localStorage.setItem('react-resizable-panels:collapsed', 'false');
    window.localStorage.setItem('react-resizable-panels:layout', '[75,25]');
    const user = renderLayout();
    await user.click(screen.getByRole('tab', { name: 'Attach files' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Assistant builder' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Assistant builder' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Attach files' })).toHaveFocus();
  });

  it('resizes from the keyboard within 20..40 and collapses with Enter', async () => {
    window.localStorage.setItem('react-resizable-panels:collapsed', 'false');
    window.localStorage.setItem('react-resizable-panels:layout', '[75,25]');
    const user = renderLayout();
    const handle = screen.getByRole('separator');
    handle.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', '27');
    await user.keyboard('{End}{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', '40');
    await user.keyboard('{Home}{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', '20');
    await user.keyboard('{Enter}');
    expect(handle).toHaveAttribute('aria-valuenow', '3');
    await user.keyboard('{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', '20');
  });

  it('hides fully with "Hide panel", leaving an opener that gets the focus and expands it again', async () => {
    const user = renderLayout();
    await user.click(screen.getByRole('button', { name: 'Hide panel' }));
    expect(panel()).not.toBeInTheDocument();
    expect(window.localStorage.getItem('fullPanelCollapse')).toBe('true');
    const opener = screen.getByRole('button', { name: 'Open side panel' });
    expect(opener).toHaveFocus();
    await user.click(opener);
    expect(panel()).toHaveStyle({ width: '25%' });
    expect(window.localStorage.getItem('fullPanelCollapse')).toBe('false');
  });

  it('is not shown at all while the hideSidePanel setting is on', () => {
    renderLayout();
    expect(panel()).toBeInTheDocument();
    act(() => writeViewSetting('hideSidePanel', true));
    expect(panel()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open side panel' })).not.toBeInTheDocument();
    expect(screen.getByText('chat area')).toBeInTheDocument();
  });

  it('is not there at all, nor its opener, when librechat.yaml turns interface.sidePanel off', () => {
    renderLayout({ sidePanel: false });
    expect(screen.getByText('chat area')).toBeInTheDocument();
    expect(panel()).not.toBeInTheDocument();
    expect(screen.queryByRole('separator', { name: 'Resize side panel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open side panel' })).not.toBeInTheDocument();
  });

  it('is fully collapsed on a phone; opened, it covers the chat and Escape closes it', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('max-width: 767px'),
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
    const user = renderLayout();
    expect(panel()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open side panel' }));
    expect(panel()).toHaveClass('fixed');
    expect(screen.getByRole('tab', { name: 'Attach files' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(panel()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open side panel' })).toHaveFocus();
  });
});
