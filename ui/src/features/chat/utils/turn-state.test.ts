import { describe, expect, it } from 'vitest';
import { message } from '../../../test/chat-fixtures.js';
import { NEW_CONVERSATION, NO_PARENT } from './chat-message.js';
import { planAsk } from './turn-plan.js';
import { canStop, initialTurnState, isLive, turnReducer, type TurnEvent, type TurnState } from './turn-state.js';

const setup = { endpoint: 'openAI', model: 'gpt-4o-mini' };
const newChat = () => initialTurnState(planAsk({ conversationId: NEW_CONVERSATION, messages: [], setup }, 'Hi', NO_PARENT)!);
const existingChat = () => initialTurnState(planAsk({ conversationId: 'c1', messages: [], setup }, 'Hi', NO_PARENT)!);
const run = (state: TurnState, events: TurnEvent[]) => events.reduce(turnReducer, state);

describe('turnReducer', () => {
  it('walks optimistic → created → streaming → settled, renaming the placeholder after the stored user message', () => {
    const start = newChat();
    expect(start).toMatchObject({ phase: 'optimistic', cacheKey: NEW_CONVERSATION, conversationId: null, created: false });
    expect(start.ids.responseMessageId).toBe(`${start.ids.userMessageId}_`);

    const created = turnReducer(start, { type: 'created', message: message('u1', null, { conversationId: 'c9' }) });
    expect(created).toMatchObject({ phase: 'created', cacheKey: 'c9', conversationId: 'c9', created: true, ids: { userMessageId: 'u1', responseMessageId: 'u1_' } });
    expect(created.response).toMatchObject({ messageId: 'u1_', parentMessageId: 'u1', conversationId: 'c9' });

    const streaming = turnReducer(created, { type: 'progress', messageId: 'a1' });
    expect(streaming).toMatchObject({ phase: 'streaming', serverResponseId: 'a1' });
    expect(canStop(streaming)).toBe(true);

    const settled = turnReducer(streaming, { type: 'settle' });
    expect(settled.phase).toBe('settled');
    expect(isLive(settled)).toBe(false);
    expect(canStop(settled)).toBe(false);
  });

  it('keeps the cache key of an existing chat, and moves a new chat once: a later id does not move it again', () => {
    const existing = turnReducer(existingChat(), { type: 'created', message: message('u1', null, { conversationId: 'c1' }) });
    expect(existing).toMatchObject({ cacheKey: 'c1', conversationId: 'c1' });

    const named = turnReducer(newChat(), { type: 'conversation', conversationId: 'c7' });
    expect(named).toMatchObject({ cacheKey: 'c7', conversationId: 'c7' });
    expect(turnReducer(named, { type: 'conversation', conversationId: 'c8' })).toBe(named);
  });

  it('a continued reply keeps its id through created', () => {
    const start = { ...existingChat(), ids: { userMessageId: 'tmp', responseMessageId: 'a0' } };
    const created = turnReducer(start, { type: 'created', message: message('u1', null) });
    expect(created.ids).toEqual({ userMessageId: 'u1', responseMessageId: 'a0' });
  });

  it('stopping freezes progress and cannot be entered twice; a final answer may still settle it', () => {
    const streaming = run(existingChat(), [
      { type: 'created', message: message('u1', null) },
      { type: 'progress', messageId: 'a1' },
    ]);
    const stopping = turnReducer(streaming, { type: 'stop' });
    expect(stopping.phase).toBe('stopping');
    expect(canStop(stopping)).toBe(false);
    expect(isLive(stopping)).toBe(true);
    expect(turnReducer(stopping, { type: 'progress', messageId: 'a1' })).toBe(stopping);
    expect(turnReducer(stopping, { type: 'stop' })).toBe(stopping);
    expect(turnReducer(stopping, { type: 'settle' }).phase).toBe('settled');
  });

  it('a stop before created stays stopping when created arrives after it', () => {
    const stopping = turnReducer(newChat(), { type: 'stop' });
    const created = turnReducer(stopping, { type: 'created', message: message('u1', null, { conversationId: 'c9' }) });
    expect(created).toMatchObject({ phase: 'stopping', created: true, conversationId: 'c9' });
  });

  it('takes nothing once settled', () => {
    const settled = turnReducer(newChat(), { type: 'settle' });
    const events: TurnEvent[] = [
      { type: 'created', message: message('u1', null, { conversationId: 'c9' }) },
      { type: 'progress', messageId: 'a1' },
      { type: 'conversation', conversationId: 'c9' },
      { type: 'stop' },
      { type: 'settle' },
    ];
    for (const event of events) expect(turnReducer(settled, event)).toBe(settled);
  });
});
