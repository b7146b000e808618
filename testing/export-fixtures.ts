/**
 * A fixed conversation for the exporter tests: a fork under the first question (an answer that was
 * followed up, then a regenerated one left unfinished), an error reply, and text with commas, quotes
 * and line breaks.
 */
const NO_PARENT = '00000000-0000-0000-0000-000000000000';

const message = (messageId: string, parentMessageId: string, fields: Record<string, unknown>) => ({
  messageId,
  conversationId: 'convo-1',
  parentMessageId,
  sender: fields.isCreatedByUser ? 'User' : 'GPT-4o',
  text: '',
  isCreatedByUser: false,
  error: false,
  unfinished: false,
  createdAt: '',
  ...fields,
});

export const exportMessages = [
  message('u1', NO_PARENT, { text: 'Hello, world', isCreatedByUser: true, createdAt: '2024-05-01T10:00:00.000Z' }),
  message('a1', 'u1', { text: 'Hi "there"\nline two', createdAt: '2024-05-01T10:00:01.000Z' }),
  message('u2', 'a1', { text: 'Follow up', isCreatedByUser: true, createdAt: '2024-05-01T10:00:02.000Z' }),
  message('a3', 'u2', { text: 'Something broke', error: true, createdAt: '2024-05-01T10:00:03.000Z' }),
  message('a2', 'u1', { text: 'Second reply', unfinished: true, createdAt: '2024-05-01T10:00:04.000Z' }),
];

export const exportConversationRecord = {
  conversationId: 'convo-1',
  title: 'Trip plans',
  user: 'user-1',
  endpoint: 'openAI',
  endpointType: null,
  model: 'gpt-4o',
  temperature: 0.5,
  promptPrefix: null,
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-01T10:00:04.000Z',
};

export const exportAt = '12:00:00 GMT+0000 (Coordinated Universal Time)';
