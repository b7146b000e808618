/**
 * File names as LibreChat writes them: the dialog's name goes through `filenamify` (v6, replacement
 * `!`, at most 100 characters), and export-from-json then turns it into `<name>.<extension>`.
 */

const MAX_FILENAME_LENGTH = 100;
const REPLACEMENT = '!';
// Windows' reserved characters and the C0 controls; then the C1 controls.
const reservedCharacters = /[<>:"/\\|?*\u0000-\u001F]/g;
const controlCharacters = /[\u0000-\u001F\u0080-\u009F]/g;
const relativePath = /^\.+/;
const trailingPeriods = /\.+$/;
const windowsReservedName = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const repeatedReplacement = /!{2,}/g;
const outerReplacement = /^!+|!+$/g;

/** filenamify's default: what the export dialog shows and keeps as the user types. */
export function sanitizeFileName(name: string): string {
  let safe = name
    .replace(reservedCharacters, REPLACEMENT)
    .replace(controlCharacters, REPLACEMENT)
    .replace(relativePath, REPLACEMENT)
    .replace(trailingPeriods, '')
    .replace(repeatedReplacement, REPLACEMENT);
  if (safe.length > 1) safe = safe.replace(outerReplacement, '');
  if (windowsReservedName.test(safe)) safe += REPLACEMENT;
  if (safe.length > MAX_FILENAME_LENGTH) {
    const extensionIndex = safe.lastIndexOf('.');
    if (extensionIndex === -1) safe = safe.slice(0, MAX_FILENAME_LENGTH);
    else {
      const extension = safe.slice(extensionIndex);
      safe = safe.slice(0, extensionIndex).slice(0, Math.max(1, MAX_FILENAME_LENGTH - extension.length)) + extension;
    }
  }
  return safe;
}

/** The dialog's initial name: the conversation's title, or `file`. */
export function defaultExportFileName(title: string | null | undefined): string {
  return sanitizeFileName(title || 'file');
}

/**
 * export-from-json's `normalizeFileName`: the first whitespace run becomes `_`, and the extension
 * pattern (built as a regular expression from `\` + the extension, quirks included) is replaced by
 * `.<extension>` at the end.
 */
export function exportFileName(name: string, extension: string): string {
  return name.replace(/\s+/, '_').replace(new RegExp(`(\\${extension})?$`), `.${extension}`);
}
