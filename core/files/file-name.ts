/** Bytes a stored name may take (the limit of ext4, APFS and S3 keys' last segment alike). */
export const maxFileNameBytes = 255;
/** An extension longer than this is not kept whole when a name is shortened (it is likely no extension). */
const maxKeptExtensionLength = 16;

/**
 * Invisible characters that change how a name reads: C0/C1 controls, the bidirectional overrides and
 * isolates ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf"), zero-width marks and the BOM.
 */
const hiddenCharacters = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/** Characters Windows, S3 consoles or shells treat specially; path separators are handled before. */
const reservedCharacters = /[<>:"|?*]/g;
const windowsDeviceNames = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * A file name safe to store and to show: the last path segment only (`../../etc/passwd` → `passwd`),
 * Unicode NFC, no control or direction-changing characters, no reserved characters, no leading dots
 * (which would hide the file) and no trailing dots or blanks, at most 255 UTF-8 bytes with the
 * extension kept. A name with nothing left becomes `file`.
 */
export function sanitizeFileName(name: string): string {
  const lastSegment = name.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let cleaned = lastSegment.replace(hiddenCharacters, '').replace(reservedCharacters, '_').replace(/\s+/g, ' ');
  cleaned = cleaned.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (cleaned === '') return 'file';
  if (windowsDeviceNames.test(cleaned)) cleaned = `_${cleaned}`;
  return capLength(cleaned);
}

/**
 * LibreChat's client sends the name `encodeURIComponent`-ed; a name that is not valid percent-encoding
 * is taken as it came instead of failing the upload.
 */
export function decodeClientFileName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

function capLength(name: string): string {
  if (utf8Length(name) <= maxFileNameBytes) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot - 1 <= maxKeptExtensionLength ? name.slice(dot) : '';
  const stem = name.slice(0, name.length - extension.length);
  return `${truncateToBytes(stem, maxFileNameBytes - utf8Length(extension)).replace(/[.\s]+$/, '')}${extension}`;
}

/** The longest prefix within `limit` UTF-8 bytes that does not split a character (code points, not UTF-16 units). */
function truncateToBytes(text: string, limit: number): string {
  let used = 0;
  let result = '';
  for (const character of text) {
    used += utf8Length(character);
    if (used > limit) break;
    result += character;
  }
  return result;
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** `.png` of `photo.PNG`; nothing for a name without a plain short extension. */
export function extensionOf(fileName: string): string {
  const match = /\.([a-z0-9]{1,16})$/i.exec(fileName);
  return match ? `.${match[1].toLowerCase()}` : '';
}
