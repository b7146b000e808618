// Runs before the first paint, from a file rather than inline because the Content-Security-Policy
// allows scripts from 'self' only. Loaded as a classic (blocking) script in index.html's <head>.

// The theme, so a dark theme never flashes white. Keep in step with src/lib/theme/resolve-theme.ts:
// stored choice, else the OS preference, else light.
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('color-theme');
  } catch (error) {
    // Storage can be blocked (private mode, sandboxed frames): fall through to the OS preference.
  }
  var dark =
    stored === 'dark' ||
    (stored !== 'light' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();

// Right-to-left languages get their direction too, so the layout does not flip once the bundle has
// loaded. src/lib/i18n/languages.ts decides for good.
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('lang');
  } catch (error) {
    // No storage: follow the browser.
  }
  var tag = stored && stored !== 'auto' ? stored : (navigator.languages && navigator.languages[0]) || navigator.language || '';
  var primary = String(tag).split('-')[0].toLowerCase();
  if (primary === 'ar' || primary === 'he') document.documentElement.dir = 'rtl';
})();
