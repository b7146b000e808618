import { describe, expect, it } from 'vitest';
import { message } from '../../../test/chat-fixtures.js';
import { getMessageActions, isAppendable, type MessageActionInput } from './message-actions.js';

const user = message('u1', null);
const reply = message('a1', 'u1', { finish_reason: 'length' });
const base: MessageActionInput = { message: reply, isLatest: true, isEditing: false, isSubmitting: false, endpoint: 'openAI', parent: user };
const actions = (overrides: Partial<MessageActionInput>) => getMessageActions({ ...base, ...overrides });

describe('continue', () => {
  it('is offered on the latest reply whose finish reason is not stop', () => {
    expect(actions({}).canContinue).toBe(true);
    expect(actions({ message: { ...reply, finish_reason: 'incomplete' } }).canContinue).toBe(true);
  });

  it.each([
    ['not the latest message', { isLatest: false }],
    ['finished with stop', { message: { ...reply, finish_reason: 'stop' } }],
    ['without a finish reason', { message: { ...reply, finish_reason: null } }],
    ['being edited', { isEditing: true }],
    ['a search result', { message: { ...reply, searchResult: true } }],
    ['an errored reply', { message: { ...reply, error: true, finish_reason: 'error' } }],
    ['on bingAI', { endpoint: 'bingAI' }],
    ['on chatGPTBrowser', { endpoint: 'chatGPTBrowser' }],
  ] as const)('is not offered when %s', (_case, overrides) => {
    expect(actions(overrides as Partial<MessageActionInput>).canContinue).toBe(false);
  });

  it.each(['openAI', 'custom', 'google', 'assistants', 'anthropic', 'gptPlugins', 'azureOpenAI'])('is supported on %s', (endpoint) => {
    expect(actions({ endpoint }).canContinue).toBe(true);
  });
});

describe('regenerate', () => {
  it('is offered on a reply to a user message', () => {
    expect(actions({}).canRegenerate).toBe(true);
    expect(actions({ isLatest: false }).canRegenerate).toBe(true);
  });

  it.each([
    ['on a user message', { message: user, parent: undefined }],
    ['without a user-authored parent', { parent: reply }],
    ['while submitting', { isSubmitting: true }],
    ['while editing', { isEditing: true }],
    ['on a search result', { message: { ...reply, searchResult: true } }],
    ['on assistants', { endpoint: 'assistants' }],
  ] as const)('is not offered %s', (_case, overrides) => {
    expect(actions(overrides as Partial<MessageActionInput>).canRegenerate).toBe(false);
  });

  it.each(['azureOpenAI', 'openAI', 'custom', 'chatGPTBrowser', 'google', 'bingAI', 'gptPlugins', 'anthropic'])('works on %s', (endpoint) => {
    expect(actions({ endpoint }).canRegenerate).toBe(true);
  });
});

describe('edit', () => {
  it('is offered on user messages and replies of editable endpoints', () => {
    expect(actions({ message: user }).canEdit).toBe(true);
    expect(actions({}).canEdit).toBe(true);
  });

  it('is hidden while submitting, on errors, on search results and outside the branching endpoints', () => {
    expect(actions({ isSubmitting: true }).canEdit).toBe(false);
    expect(actions({ message: { ...reply, error: true } }).canEdit).toBe(false);
    expect(actions({ message: { ...user, searchResult: true } }).canEdit).toBe(false);
    expect(actions({ message: user, endpoint: 'assistants' }).canEdit).toBe(false);
  });

  it('keeps user messages editable where replies cannot be continued', () => {
    expect(actions({ message: user, endpoint: 'bingAI' }).canEdit).toBe(true);
    expect(actions({ endpoint: 'bingAI' }).canEdit).toBe(false);
  });
});

describe('save and submit', () => {
  it('is disabled while submitting and for Google replies only', () => {
    expect(actions({}).saveAndSubmitDisabled).toBe(false);
    expect(actions({ isSubmitting: true }).saveAndSubmitDisabled).toBe(true);
    expect(actions({ endpoint: 'google' }).saveAndSubmitDisabled).toBe(true);
    expect(actions({ message: { ...reply, endpoint: 'google' } }).saveAndSubmitDisabled).toBe(true);
    expect(actions({ message: user, endpoint: 'google' }).saveAndSubmitDisabled).toBe(false);
  });
});

describe('appending', () => {
  it('refuses after an errored or unfinished last message, except while that reply streams', () => {
    expect(isAppendable(undefined, false)).toBe(true);
    expect(isAppendable(reply, false)).toBe(true);
    expect(isAppendable({ ...reply, error: true }, false)).toBe(false);
    expect(isAppendable({ ...reply, unfinished: true }, false)).toBe(false);
    expect(isAppendable({ ...reply, unfinished: true }, true)).toBe(true);
  });
});
