import { describe, expect, it } from 'vitest';
import { exportMessages } from '../../../testing/export-fixtures.js';
import { buildExportTree } from './export-tree.js';
import { pickSequential } from './pick-messages.js';
import { toCsv } from './to-csv.js';

describe('toCsv', () => {
  it('writes the eight columns, quoting commas, quotes and line feeds, CRLF between rows and none at the end', () => {
    const messages = pickSequential(buildExportTree(exportMessages), { branches: true });
    expect(toCsv(messages)).toBe(
      [
        'sender,text,isCreatedByUser,error,unfinished,messageId,parentMessageId,createdAt',
        'User,"Hello, world",true,false,false,u1,00000000-0000-0000-0000-000000000000,2024-05-01T10:00:00.000Z',
        'GPT-4o,"Hi ""there""\nline two",false,false,false,a1,u1,2024-05-01T10:00:01.000Z',
        'User,Follow up,true,false,false,u2,a1,2024-05-01T10:00:02.000Z',
        'GPT-4o,Something broke,false,true,false,a3,u2,2024-05-01T10:00:03.000Z',
        'GPT-4o,Second reply,false,false,true,a2,u1,2024-05-01T10:00:04.000Z',
      ].join('\r\n'),
    );
  });

  it('prints null as JSON, leaves a missing value empty and does not quote a lone carriage return', () => {
    const base = { sender: 'User', text: 'a\rb', isCreatedByUser: true, error: null, unfinished: false, messageId: 'm', parentMessageId: 'p', createdAt: 'now' };
    const { createdAt: _createdAt, ...withoutDate } = base;
    expect(toCsv([base, withoutDate]).split('\r\n').slice(1)).toEqual(['User,a\rb,true,null,false,m,p,now', 'User,a\rb,true,null,false,m,p,']);
  });

  it('fails like LibreChat when no message has one of the columns', () => {
    expect(() => toCsv([{ sender: 'User', text: 'x' }])).toThrow('No message has a isCreatedByUser to export');
  });
});
