import { useCallback, useSyncExternalStore } from 'react';
import { readViewSetting, subscribeViewSettings, writeViewSetting, type ViewSettingName } from './view-settings.js';

/**
 * `const [autoScroll, setAutoScroll] = useViewSetting('autoScroll')`: the current value of one view
 * setting and a setter that stores it and updates every other reader.
 */
export function useViewSetting(name: ViewSettingName): readonly [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(
    subscribeViewSettings,
    () => readViewSetting(name),
    () => readViewSetting(name),
  );
  const setValue = useCallback((next: boolean) => writeViewSetting(name, next), [name]);
  return [value, setValue] as const;
}
