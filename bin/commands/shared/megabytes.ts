import { formatMegabytes } from '../../../core/files/index.js';

/** Sizes as My files shows them (spec 001 §9): MB with up to two decimals, '< 0.01 MB' for a few bytes. */
export function megabytes(bytes: number): string {
  return bytes > 0 && bytes < 0.005 * 1024 * 1024 ? '< 0.01 MB' : `${formatMegabytes(bytes)} MB`;
}
