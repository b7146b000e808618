import { megabyte } from '@protocol';
import { describe, expect, it } from 'vitest';
import { checkFiles, fileTypeOf, formatMegabytes } from './check-files.js';
import { limitsFor } from './file-limits.js';

const file = (name: string, size: number, type = 'text/plain') => new File([new Uint8Array(size)], name, { type });

describe('the client checks of spec 001 §5', () => {
  const limits = limitsFor(undefined, 'openAI');

  it('defaults to 10 files, 512 MB each and in total', () => {
    expect(limits).toMatchObject({ fileLimit: 10, fileSizeLimit: 512 * megabyte, totalSizeLimit: 512 * megabyte });
  });

  it('types files by extension where the browser does not (or wrongly)', () => {
    expect(fileTypeOf(file('main.py', 1, ''))).toBe('text/x-python');
    expect(fileTypeOf(file('index.ts', 1, 'video/mp2t'))).toBe('application/typescript');
    expect(fileTypeOf(file('README', 1, ''))).toBe('');
  });

  it('refuses a file of unknown type, naming it', () => {
    expect(checkFiles([file('README', 1, '')], [], limits).problems).toEqual([{ key: 'com_ui_attach_error_type_unknown', value: 'README' }]);
  });

  it('refuses everything when the total passes the limit', () => {
    const small = { ...limits, totalSizeLimit: 10 };
    const result = checkFiles([file('a.txt', 6), file('b.txt', 6)], [], small);
    expect(result.accepted).toEqual([]);
    expect(result.problems).toEqual([{ key: 'com_ui_attach_error_total', value: '0' }]);
  });

  it('counts the files already attached against the limit and for duplicates (name, size, main type)', () => {
    const attached = [{ filename: 'a.txt', bytes: 3, type: 'text/plain' }];
    expect(checkFiles([file('b.txt', 1)], attached, { ...limits, fileLimit: 1 }).problems).toEqual([{ key: 'com_ui_attach_error_limit', value: '1' }]);
    expect(checkFiles([file('a.txt', 3, 'text/markdown')], attached, limits).problems).toEqual([{ key: 'com_ui_attach_error_duplicate' }]);
    expect(checkFiles([file('a.txt', 4)], attached, limits).accepted).toHaveLength(1);
  });
});

describe('fileConfig as the client merges it', () => {
  it('takes an endpoint\'s entry over the yaml default, and zeroes a disabled endpoint', () => {
    const config = { endpoints: { default: { fileLimit: 3, fileSizeLimit: 5 }, openAI: { fileSizeLimit: 2, supportedMimeTypes: ['^image/png$', '(broken'] }, google: { disabled: true } } };
    const openAI = limitsFor(config, 'openAI');
    expect(openAI).toMatchObject({ fileLimit: 3, fileSizeLimit: 2 * megabyte });
    expect(openAI.supportedMimeTypes.map(String)).toEqual(['/^image\\/png$/']);
    expect(limitsFor(config, 'custom')).toMatchObject({ fileLimit: 3, fileSizeLimit: 5 * megabyte });
    expect(limitsFor(config, 'google')).toMatchObject({ fileLimit: 0, fileSizeLimit: 0, supportedMimeTypes: [] });
  });
});

describe('My files sizes', () => {
  it('shows megabytes with two decimals, and < 0.01 MB below that', () => {
    expect(formatMegabytes(0)).toBe('< 0.01 MB');
    expect(formatMegabytes(10_000)).toBe('< 0.01 MB');
    expect(formatMegabytes(10_486)).toBe('0.01 MB');
    expect(formatMegabytes(1.5 * megabyte)).toBe('1.50 MB');
  });
});
