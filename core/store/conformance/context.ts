import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, beforeEach } from 'vitest';
import type { Store } from '../types.js';
import type { NewAssistant } from '../repositories/assistants.js';
import type { Conversation } from '../repositories/conversations.js';
import type { StoredFile } from '../repositories/files.js';
import type { Message } from '../repositories/messages.js';
import type { Preset } from '../repositories/presets.js';
import type { NewUser, User } from '../repositories/users.js';

/** What every contract area gets: a fresh store per test and factories for valid records. */
export interface ContractContext {
  readonly store: Store;
  createUser(overrides?: Partial<NewUser>): Promise<User>;
}

export function useFreshStore(makeStore: () => Promise<Store>): ContractContext {
  let current: Store | undefined;
  beforeEach(async () => {
    current = await makeStore();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const store = (): Store => {
    if (!current) throw new Error('The store is only available inside a test');
    return current;
  };
  return {
    get store() {
      return store();
    },
    createUser: (overrides = {}) => store().users.create(newUser(overrides)),
  };
}

export const rootMessageId = '00000000-0000-0000-0000-000000000000';

export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  const handle = `user-${randomUUID().slice(0, 8)}`;
  return { name: 'Test User', username: handle, email: `${handle}@example.com`, provider: 'local', passwordHash: '$2a$10$hash', ...overrides };
}

type ConversationInput = Parameters<Store['conversations']['upsert']>[0];
type MessageInput = Parameters<Store['messages']['upsert']>[0];

export function conversationInput(user: string, overrides: Partial<Conversation> = {}): ConversationInput {
  return { conversationId: randomUUID(), user, title: 'New Chat', endpoint: 'openAI', model: 'gpt-4o', ...overrides };
}

export function messageInput(user: string, conversationId: string, overrides: Partial<Message> = {}): MessageInput {
  return {
    messageId: randomUUID(),
    conversationId,
    user,
    parentMessageId: rootMessageId,
    sender: 'User',
    text: 'Hello',
    isCreatedByUser: true,
    error: false,
    unfinished: false,
    ...overrides,
  };
}

export function presetInput(user: string, overrides: Partial<Preset> = {}): Omit<Preset, 'createdAt' | 'updatedAt'> {
  return { presetId: randomUUID(), user, title: 'My preset', defaultPreset: false, order: null, endpoint: 'openAI', model: 'gpt-4o', ...overrides };
}

export function fileInput(user: string, overrides: Partial<StoredFile> = {}): Omit<StoredFile, 'createdAt' | 'updatedAt'> {
  const file_id = overrides.file_id ?? randomUUID();
  return {
    file_id,
    user,
    filename: 'notes.txt',
    filepath: `/uploads/${user}/${file_id}`,
    type: 'text/plain',
    bytes: 42,
    source: 'local',
    context: 'message_attachment',
    embedded: false,
    width: null,
    height: null,
    conversationId: null,
    ...overrides,
  };
}

export function assistantInput(user: string, overrides: Partial<NewAssistant> = {}): NewAssistant {
  return {
    id: `asst_${randomBytes(12).toString('hex')}`,
    user,
    name: 'Helper',
    description: null,
    instructions: 'Be brief.',
    model: 'gpt-4o',
    tools: [{ type: 'code_interpreter' }],
    file_ids: [],
    metadata: { author: user },
    ...overrides,
  };
}

/** Lets the clock move so records written one after the other get distinct timestamps. */
export function pause(milliseconds = 5): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

export function minutesFrom(base: Date, minutes: number): Date {
  return new Date(base.getTime() + minutes * 60_000);
}
