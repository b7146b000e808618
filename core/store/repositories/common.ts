/** Options a conversation or preset carries besides its identity; the wire sends them flat. */
export interface EndpointOptions {
  endpoint?: string | null;
  endpointType?: string | null;
  model?: string | null;
  modelLabel?: string | null;
  chatGptLabel?: string | null;
  promptPrefix?: string | null;
  temperature?: number | null;
  top_p?: number | null;
  topP?: number | null;
  topK?: number | null;
  top_k?: number | null;
  presence_penalty?: number | null;
  frequency_penalty?: number | null;
  maxOutputTokens?: number | null;
  maxContextTokens?: number | null;
  max_tokens?: number | null;
  context?: string | null;
  systemMessage?: string | null;
  examples?: Array<{ input: { content: string }; output: { content: string } }> | null;
  tools?: string[] | null;
  agentOptions?: Record<string, unknown> | null;
  file_ids?: string[] | null;
  resendFiles?: boolean | null;
  resendImages?: boolean | null;
  imageDetail?: 'low' | 'auto' | 'high' | null;
  assistant_id?: string | null;
  instructions?: string | null;
  iconURL?: string | null;
  greeting?: string | null;
  spec?: string | null;
  /** Bing (spec 000 §3): Sydney mode, its history id, the upstream session and the tone. */
  jailbreak?: boolean | null;
  jailbreakConversationId?: string | null;
  conversationSignature?: string | null;
  clientId?: string | null;
  bingConversationId?: string | null;
  invocationId?: number | null;
  toneStyle?: 'creative' | 'fast' | 'balanced' | 'precise' | null;
  suggestions?: string[] | null;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * One batch of a repository's records across every user, in a stable order that later writes only
 * extend (insertion order), so a copy (`chatbox migrate`) reads any amount in bounded memory, can
 * stop, and resumes where it stopped.
 */
export interface ExportBatch<T> {
  items: T[];
  /** Opaque: pass it as `after` for the next batch. Null when this batch came back short: the export is done. */
  next: string | null;
}
