import { describe, expect, it } from 'vitest';
import { defaultExportFileName, exportFileName, sanitizeFileName } from './filename.js';

describe('sanitizeFileName (filenamify)', () => {
  it('replaces reserved and control characters with one !', () => {
    expect(sanitizeFileName('<foo/bar>')).toBe('foo!bar');
    expect(sanitizeFileName('a:"b"?')).toBe('a!b');
    expect(sanitizeFileName('tab\there')).toBe('tab!here');
  });

  it('guards relative paths, trailing periods and Windows device names', () => {
    expect(sanitizeFileName('../secret')).toBe('secret');
    expect(sanitizeFileName('notes...')).toBe('notes');
    expect(sanitizeFileName('con')).toBe('con!');
  });

  it('cuts to 100 characters, keeping an extension', () => {
    expect(sanitizeFileName('x'.repeat(150))).toHaveLength(100);
    expect(sanitizeFileName(`${'y'.repeat(150)}.txt`)).toBe(`${'y'.repeat(96)}.txt`);
  });

  it('starts from the title, or file', () => {
    expect(defaultExportFileName('Trip: day 1')).toBe('Trip! day 1');
    expect(defaultExportFileName('')).toBe('file');
    expect(defaultExportFileName(null)).toBe('file');
  });
});

describe('exportFileName (export-from-json)', () => {
  it('turns the first whitespace run into _ and appends the extension', () => {
    expect(exportFileName('Trip plans  and more', 'json')).toBe('Trip_plans  and more.json');
    expect(exportFileName('notes', 'txt')).toBe('notes.txt');
    expect(exportFileName('notes', 'csv')).toBe('notes.csv');
    expect(exportFileName('readme', 'md')).toBe('readme.md');
  });

  it('replaces trailing extension letters rather than repeating them', () => {
    expect(exportFileName('myjson', 'json')).toBe('my.json');
    expect(exportFileName('chatmd', 'md')).toBe('chat.md');
  });
});
