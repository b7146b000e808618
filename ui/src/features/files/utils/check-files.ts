import type { TranslationKey } from '../../../locales/index.js';
import { megabyte } from '@protocol';
import type { ClientFileLimits } from './file-limits.js';

/** LibreChat's extension → MIME overrides, for files the browser types wrongly or not at all. */
const typeByExtension: Record<string, string> = {
  c: 'text/x-c',
  cs: 'text/x-csharp',
  cpp: 'text/x-c++',
  md: 'text/markdown',
  php: 'text/x-php',
  py: 'text/x-python',
  rb: 'text/x-ruby',
  tex: 'text/x-tex',
  js: 'text/javascript',
  sh: 'application/x-sh',
  ts: 'application/typescript',
  tar: 'application/x-tar',
  zip: 'application/zip',
};

/** What the checks read of a file: a picked File, or a stored one by its name, size and type. */
export interface IncomingFile {
  name: string;
  size: number;
  type: string;
}

/** The MIME type a file is checked and uploaded as ('' when nothing tells). */
export function fileTypeOf(file: Pick<IncomingFile, 'name' | 'type'>): string {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  return typeByExtension[extension] ?? file.type;
}

/** A file already in the composer, as far as the checks need it. */
export interface AttachedSummary {
  filename: string;
  bytes: number;
  type: string;
}

export interface CheckProblem {
  key: TranslationKey;
  value?: string;
}

const majorType = (type: string) => type.split('/')[0];
const duplicateKey = (name: string, bytes: number, type: string) => `${name}-${bytes}-${majorType(type)}`;
const inMegabytes = (bytes: number) => String(Math.round((bytes / megabyte) * 100) / 100);

/**
 * Spec 001 §5's client checks, in LibreChat's order: the count (all refused), then per file its type,
 * support, size and duplicates, then the total (all refused). Returns what may be uploaded and why
 * anything may not.
 */
export function checkFiles<T extends IncomingFile>(incoming: readonly T[], attached: readonly AttachedSummary[], limits: ClientFileLimits) {
  const problems: CheckProblem[] = [];
  if (attached.length + incoming.length > limits.fileLimit) {
    return { accepted: [], problems: [{ key: 'com_ui_attach_error_limit', value: String(limits.fileLimit) }] satisfies CheckProblem[] };
  }
  const seen = new Set(attached.map((file) => duplicateKey(file.filename, file.bytes, file.type)));
  const accepted: Array<{ file: T; type: string }> = [];
  for (const file of incoming) {
    const type = fileTypeOf(file);
    if (!type) problems.push({ key: 'com_ui_attach_error_type_unknown', value: file.name });
    else if (!limits.supportedMimeTypes.some((pattern) => pattern.test(type))) problems.push({ key: 'com_ui_attach_error_type', value: type });
    else if (file.size >= limits.fileSizeLimit) problems.push({ key: 'com_ui_attach_error_size', value: inMegabytes(limits.fileSizeLimit) });
    else if (seen.has(duplicateKey(file.name, file.size, type))) problems.push({ key: 'com_ui_attach_error_duplicate' });
    else {
      seen.add(duplicateKey(file.name, file.size, type));
      accepted.push({ file, type });
    }
  }
  const total = [...attached.map((file) => file.bytes), ...accepted.map(({ file }) => file.size)].reduce((sum, bytes) => sum + bytes, 0);
  if (accepted.length > 0 && total > limits.totalSizeLimit) {
    return { accepted: [], problems: [...problems, { key: 'com_ui_attach_error_total', value: inMegabytes(limits.totalSizeLimit) } satisfies CheckProblem] };
  }
  return { accepted, problems };
}

/** My files' size column: megabytes with two decimals, '< 0.01 MB' below that (spec 001 §9). */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / megabyte;
  return megabytes < 0.01 ? '< 0.01 MB' : `${megabytes.toFixed(2)} MB`;
}
