import { NEW_CONVERSATION, type ChatMessage } from './chat-message.js';
import { idsAfterCreated, type TurnIds } from './fold-frames.js';
import type { TurnPlan } from './turn-plan.js';

/**
 * Where a turn is: `optimistic` (the pair shows, the server has said nothing), `created` (the user
 * message is stored), `streaming` (reply text is arriving), `stopping` (the stop button was pressed;
 * the abort answer is awaited and progress is frozen), `settled` (final, error, stop or a dropped
 * connection: nothing more is taken).
 */
export type TurnPhase = 'optimistic' | 'created' | 'streaming' | 'stopping' | 'settled';

export interface TurnState {
  phase: TurnPhase;
  /** The messages cache entry the turn writes: `new` until the server names the conversation. */
  cacheKey: string;
  /** The conversation the server named; null for a new chat until it does. */
  conversationId: string | null;
  /** Where the turn's two messages sit in the cached list. */
  ids: TurnIds;
  /** The reply as the client imagines it: the placeholder, and what is put back when a refetch dropped it. */
  response: ChatMessage;
  /** The reply's stored id, as progress frames name it (the placeholder keeps its own until `final`). */
  serverResponseId?: string;
  /** The user message is stored: an error after this is the server's, before it the client's only. */
  created: boolean;
}

export type TurnEvent =
  /** `created`: the stored user message. */
  | { type: 'created'; message: ChatMessage }
  /** A progress frame, naming the reply's stored id. */
  | { type: 'progress'; messageId: string }
  /** `final` (or the abort answer) named the conversation. */
  | { type: 'conversation'; conversationId: string }
  | { type: 'stop' }
  | { type: 'settle' };

export function initialTurnState(plan: TurnPlan): TurnState {
  return {
    phase: 'optimistic',
    cacheKey: plan.cacheKey,
    conversationId: plan.isNewConversation ? null : plan.cacheKey,
    ids: plan.ids,
    response: plan.response,
    created: false,
  };
}

/** A new chat's cache entry moves to the id the server gave it, once. */
function adopt(state: TurnState, conversationId: string | undefined): TurnState {
  if (!conversationId || state.cacheKey !== NEW_CONVERSATION) return state;
  return { ...state, cacheKey: conversationId, conversationId };
}

/** The next state of a turn; the same object when the event changes nothing (the turn settled, a frame after stop). */
export function turnReducer(state: TurnState, event: TurnEvent): TurnState {
  if (state.phase === 'settled') return state;
  switch (event.type) {
    case 'created': {
      const ids = idsAfterCreated(state.ids, event.message);
      const response = { ...state.response, messageId: ids.responseMessageId, parentMessageId: ids.userMessageId, conversationId: event.message.conversationId };
      const phase = state.phase === 'stopping' ? state.phase : 'created';
      return adopt({ ...state, phase, ids, response, created: true }, event.message.conversationId);
    }
    case 'progress':
      // Frozen at the text shown when stop was pressed; the saved reply arrives with the abort answer.
      if (state.phase === 'stopping') return state;
      return { ...state, phase: 'streaming', serverResponseId: event.messageId };
    case 'conversation':
      return adopt(state, event.conversationId);
    case 'stop':
      return state.phase === 'stopping' ? state : { ...state, phase: 'stopping' };
    case 'settle':
      return { ...state, phase: 'settled' };
  }
}

/** The turn still takes frames and answers (a `final` may still arrive while stopping). */
export const isLive = (state: TurnState) => state.phase !== 'settled';

/** The stop button still has something to stop. */
export const canStop = (state: TurnState) => state.phase !== 'settled' && state.phase !== 'stopping';
