import { describe, expect, it } from 'vitest';
import { exportAt, exportConversationRecord, exportMessages } from '../../../testing/export-fixtures.js';
import { exportConversation, exportedFileName, exportSupport, settingsForType, type ExportSettings } from './export-conversation.js';

const settings: ExportSettings = { includeOptions: true, branches: true, recursive: false };
const request = { fileName: 'Trip plans', conversation: exportConversationRecord, messages: exportMessages, settings, exportAt };

describe('exportConversation', () => {
  it('names, types and builds each format', () => {
    expect(exportConversation({ ...request, type: 'text' })).toMatchObject({ fileName: 'Trip_plans.txt', mimeType: 'text/plain;charset=utf-8' });
    expect(exportConversation({ ...request, type: 'markdown' })).toMatchObject({ fileName: 'Trip_plans.md', mimeType: 'text/plain;charset=utf-8' });
    expect(exportConversation({ ...request, type: 'json' })).toMatchObject({ fileName: 'Trip_plans.json', mimeType: 'text/json;charset=utf-8' });
    expect(exportConversation({ ...request, type: 'csv' })).toMatchObject({ fileName: 'Trip_plans.csv', mimeType: 'text/csv;charset=utf-8' });
  });

  it('exports text with one branch whatever the branches setting, and csv without options', () => {
    expect(exportConversation({ ...request, type: 'text' }).content).not.toContain('Follow up');
    const csv = exportConversation({ ...request, type: 'csv' }).content;
    expect(csv.split('\r\n')).toHaveLength(6);
  });

  it('follows the shown branch and the recursive setting in JSON', () => {
    const data = JSON.parse(exportConversation({ ...request, type: 'json', settings: { includeOptions: false, branches: false, recursive: true }, shownIds: new Set(['a1', 'u2', 'a3']) }).content);
    expect(data.options).toBeUndefined();
    expect(data.messagesTree[0].children.map((child: { messageId: string }) => child.messageId)).toEqual(['a1']);
  });
});

describe('exportedFileName', () => {
  it('names the screenshot plainly and the rest as export-from-json does', () => {
    expect(exportedFileName('Trip plans', 'screenshot')).toBe('Trip plans.png');
    expect(exportedFileName('Trip plans', 'markdown')).toBe('Trip_plans.md');
  });
});

describe('export settings by type', () => {
  it('offers options and branches as spec 001 says', () => {
    expect(exportSupport('screenshot')).toEqual({ includeOptions: false, branches: false, recursive: false });
    expect(exportSupport('text')).toEqual({ includeOptions: true, branches: false, recursive: false });
    expect(exportSupport('json')).toEqual({ includeOptions: true, branches: true, recursive: true });
    expect(exportSupport('csv')).toEqual({ includeOptions: false, branches: true, recursive: false });
  });

  it('turns branches on for json and csv, options on where offered, and keeps recursive', () => {
    expect(settingsForType('csv', { includeOptions: true, branches: false, recursive: true })).toEqual({ includeOptions: false, branches: true, recursive: true });
    expect(settingsForType('markdown', { includeOptions: false, branches: true, recursive: false })).toEqual({ includeOptions: true, branches: false, recursive: false });
  });
});
