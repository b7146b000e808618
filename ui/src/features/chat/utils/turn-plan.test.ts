import { describe, expect, it } from 'vitest';
import { message } from '../../../test/chat-fixtures.js';
import { NO_PARENT } from './chat-message.js';
import { planAsk, planContinue, planRegenerate, type TurnContext } from './turn-plan.js';

const u1 = message('u1', null, { text: 'Question' });
const a1 = message('a1', 'u1', { text: 'Partial', unfinished: true, finish_reason: 'incomplete' });
const context: TurnContext = {
  conversationId: 'c1',
  messages: [u1, a1],
  setup: { endpoint: 'openAI', model: 'gpt-4o', temperature: 0.4, promptPrefix: '', top_p: null },
  endpointsConfig: { openAI: { order: 0, userProvide: false, userProvideURL: false }, Mistral: { order: 1, type: 'custom', userProvide: true, userProvideURL: false } },
};

describe('turn plans', () => {
  it('asks in a new conversation with a null id, the root parent and the options (unset tuning at its shown default)', () => {
    const plan = planAsk({ ...context, conversationId: 'new', messages: [] }, 'Hi', 'whatever')!;
    expect(plan).toMatchObject({ mode: 'ask', routeEndpoint: 'openAI', cacheKey: 'new', isNewConversation: true });
    expect(plan.body).toMatchObject({ text: 'Hi', conversationId: null, parentMessageId: NO_PARENT, endpoint: 'openAI', model: 'gpt-4o', temperature: 0.4, top_p: 1 });
    expect(plan.body).not.toHaveProperty('promptPrefix');
    const [user, reply] = plan.messages;
    expect(reply.messageId).toBe(`${user.messageId}_`);
    expect(reply).toMatchObject({ parentMessageId: user.messageId, sender: 'ChatGPT', text: '' });
    expect(user).toMatchObject({ isCreatedByUser: true, clientOnly: true, parentMessageId: NO_PARENT });
  });

  it('sends custom endpoints to /api/ask/custom with their name and type in the body', () => {
    const plan = planAsk({ ...context, setup: { endpoint: 'Mistral', model: 'mistral-small' } }, 'Bonjour', 'a1')!;
    expect(plan.routeEndpoint).toBe('custom');
    expect(plan.body).toMatchObject({ endpoint: 'Mistral', endpointType: 'custom', parentMessageId: 'a1', conversationId: 'c1' });
    expect(plan.response.sender).toBe('AI');
  });

  it('dates the optimistic pair after every message, whatever the browser clock says', () => {
    const future = message('f1', null, { createdAt: '2999-01-01T00:00:00.000Z' });
    const plan = planAsk({ ...context, messages: [future] }, 'Hi', 'f1')!;
    expect(Date.parse(plan.response.createdAt)).toBeGreaterThan(Date.parse(future.createdAt));
  });

  it('regenerates under the user message with overrideParentMessageId', () => {
    const plan = planRegenerate(context, u1)!;
    expect(plan.mode).toBe('ask');
    expect(plan.body).toMatchObject({ text: 'Question', parentMessageId: NO_PARENT, overrideParentMessageId: 'u1', isRegenerate: true });
    expect(plan.ids).toEqual({ userMessageId: 'u1', responseMessageId: 'u1_' });
    expect(plan.messages.map((entry) => entry.messageId)).toEqual(['u1', 'a1', 'u1_']);
  });

  it('continues a reply through /api/edit from its text (or the edited text)', () => {
    const plan = planContinue(context, a1, u1, 'Partial, edited')!;
    expect(plan.mode).toBe('edit');
    expect(plan.body).toMatchObject({
      responseMessageId: 'a1',
      generation: 'Partial, edited',
      isContinued: true,
      isRegenerate: true,
      isEdited: true,
      overrideParentMessageId: 'u1',
      text: 'Question',
    });
    expect(plan.ids).toEqual({ userMessageId: 'u1', responseMessageId: 'a1' });
    expect(plan.messages.find((entry) => entry.messageId === 'a1')).toMatchObject({ text: 'Partial, edited', unfinished: false, finish_reason: null });
  });

  it('drops never-stored messages of a refused turn and refuses without an endpoint', () => {
    const refused = message('tmp', 'a1', { clientOnly: true });
    expect(planAsk({ ...context, messages: [u1, a1, refused] }, 'Again', 'a1')!.messages.map((entry) => entry.messageId)).not.toContain('tmp');
    expect(planAsk({ ...context, setup: { endpoint: null } }, 'Hi', NO_PARENT)).toBeNull();
  });
});
