import { describe, expect, it } from 'vitest';
import { message } from '../../../test/chat-fixtures.js';
import { composerBlock, type ComposerBlockInput } from './composer-block.js';

const base: ComposerBlockInput = { conversationId: 'c1', endpoint: 'openAI', keyMissing: false, latest: message('a1', 'u1'), isSubmitting: false };

describe('composerBlock', () => {
  it('lets the user type normally', () => {
    expect(composerBlock(base)).toBeNull();
    expect(composerBlock({ ...base, latest: undefined })).toBeNull();
  });

  it('names the first reason the input is closed', () => {
    expect(composerBlock({ ...base, conversationId: 'search' })).toBe('search-view');
    expect(composerBlock({ ...base, endpoint: null })).toBe('no-endpoint');
    expect(composerBlock({ ...base, keyMissing: true })).toBe('key-missing');
    expect(composerBlock({ ...base, endpoint: 'assistants', assistantMissing: true })).toBe('no-assistant');
    expect(composerBlock({ ...base, endpoint: 'assistants', assistantMissing: true, assistantDeleted: true })).toBe('assistant-deleted');
    expect(composerBlock({ ...base, latest: message('a2', 'u1', { error: true }) })).toBe('not-appendable');
    expect(composerBlock({ ...base, latest: message('a3', 'u1', { unfinished: true }) })).toBe('not-appendable');
    expect(composerBlock({ ...base, latest: message('a3', 'u1', { unfinished: true }), isSubmitting: true })).toBeNull();
  });
});
