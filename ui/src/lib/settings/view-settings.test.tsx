import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useViewSetting } from './use-view-setting.js';
import { readViewSetting, viewSettingDefaults, writeViewSetting } from './view-settings.js';

describe('view settings', () => {
  it("default to LibreChat's values (auto-scroll on) when nothing is stored", () => {
    expect(viewSettingDefaults).toEqual({
      autoScroll: true,
      showCode: false,
      hideSidePanel: false,
      modularChat: false,
      LaTeXParsing: true,
      UsernameDisplay: true,
      enterToSend: true,
    });
    expect(readViewSetting('enterToSend')).toBe(true);
  });

  it('store each setting under its own key as a JSON boolean', () => {
    writeViewSetting('autoScroll', false);
    writeViewSetting('enterToSend', false);
    expect(window.localStorage.getItem('autoScroll')).toBe('false');
    expect(JSON.parse(window.localStorage.getItem('enterToSend')!)).toBe(false);
  });

  it('ignore a corrupt entry', () => {
    window.localStorage.setItem('LaTeXParsing', '"yes"');
    expect(readViewSetting('LaTeXParsing')).toBe(true);
  });
});

function Toggle({ name }: { name: 'showCode' }) {
  const [value, setValue] = useViewSetting(name);
  return <button onClick={() => setValue(!value)}>{String(value)}</button>;
}

describe('useViewSetting', () => {
  it('updates every reader, including after a change made in another tab', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Toggle name="showCode" />
        <Toggle name="showCode" />
      </>,
    );
    expect(screen.getAllByRole('button', { name: 'false' })).toHaveLength(2);
    await user.click(screen.getAllByRole('button')[0]);
    expect(screen.getAllByRole('button', { name: 'true' })).toHaveLength(2);
    expect(window.localStorage.getItem('showCode')).toBe('true');

    window.localStorage.setItem('showCode', 'false');
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'showCode' })));
    expect(screen.getAllByRole('button', { name: 'false' })).toHaveLength(2);
  });
});
