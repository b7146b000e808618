/** localStorage that never throws: storage may be disabled (private mode, sandboxed frames, quota). */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Preference not remembered; the app still works.
  }
}

export function removeStorage(...keys: string[]): void {
  for (const key of keys) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to clean when storage is unavailable.
    }
  }
}
