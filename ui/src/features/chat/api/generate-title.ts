import { apiClient } from '../../../lib/api-client.js';

/** POST /api/convos/gen_title: the title the server made for a new conversation, once. */
export const generateTitle = (conversationId: string) =>
  apiClient.post<{ title: string }>('/api/convos/gen_title', { conversationId });
