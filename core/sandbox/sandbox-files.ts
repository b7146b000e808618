import { sniffSignature, typeFromName } from '../files/index.js';
import { isUtf8Text } from '../files/text-content.js';
import type { SandboxFile } from './sandbox-types.js';

/**
 * Input files land in one flat folder, /mnt/data, under their own names: a name that is a path
 * (or empty, or a dot name) is refused rather than cleaned, since the program refers to it.
 */
export function checkInputFileName(name: string): string {
  if (name === '' || name === '.' || name === '..' || name.length > 255 || /[/\\\0]/.test(name)) {
    throw new TypeError(`"${name}" cannot be a file name under /mnt/data`);
  }
  return name;
}

/** The bytes decide images and other signed formats; the name the rest; text that is neither is text/plain. */
export function outputMimeType(file: SandboxFile): string {
  return sniffSignature(file.bytes) ?? typeFromName(file.name) ?? (isUtf8Text(file.bytes, { wholeFile: true }) ? 'text/plain' : 'application/octet-stream');
}
