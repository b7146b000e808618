import type { IncomingHttpHeaders } from 'node:http';

/** How one exchange with the fake ended, seen from the fake's side of the socket. */
export type ExchangeOutcome = 'completed' | 'client-closed' | 'disconnected';

/** One request the fake received, kept so tests can assert what the provider sent upstream. */
export interface RecordedRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, the raw text when it is not JSON, undefined when empty. */
  body: any;
  /** Settles when the exchange ends; `client-closed` proves an abort reached the upstream socket. */
  outcome: Promise<ExchangeOutcome>;
}

/** Token counts the fake reports; defaults are derived from the request and the reply. */
export interface FakeUsage {
  promptTokens: number;
  completionTokens: number;
}

/** A tool call the fake answers with, in the provider's own wire format. */
export interface FakeToolCall {
  /** The call id; each fake makes one in its provider's style when absent (Gemini sends none). */
  id?: string;
  name: string;
  /** The arguments; streamed as JSON text in `chunkSize` pieces where the provider streams them. */
  input: Record<string, unknown>;
}

/** The persistent behaviour of a fake, changed per test with `configure`. */
export interface FakeScript {
  /** The reply text, or a function of the received request (echo the history, the system prompt …). */
  reply: string | ((request: RecordedRequest) => string);
  /**
   * Tool calls to answer after the reply text (often empty), or a function of the received request
   * (call a tool first, answer in text once the request carries its result).
   */
  toolCalls?: FakeToolCall[] | ((request: RecordedRequest) => FakeToolCall[]);
  /** Characters per content delta. */
  chunkSize: number;
  /** Pause between two streamed frames, to simulate a token rate. */
  delayMs: number;
  /** Pause before the response headers, to provoke client timeouts. */
  firstByteDelayMs: number;
  /** Overrides the counted usage; null reports no usage at all. */
  usage?: FakeUsage | null;
  /** The provider-native finish reason of the reply ('length', 'max_tokens', 'MAX_TOKENS' …). */
  finishReason?: string;
  /** Destroys the socket after this many content frames. */
  disconnectAfterChunks?: number;
  /** Writes one frame of broken JSON after this many content frames. */
  malformedAfterChunks?: number;
  /** The model ids the list endpoint answers. */
  models: string[];
}

/** A scripted upstream failure, rendered in the provider's own error body format. */
export interface FakeFailure {
  status: number;
  /** Provider error code (OpenAI `code`, Google `details[].reason`): 'insufficient_quota', 'API_KEY_INVALID' … */
  code?: string;
  /** Provider error type (OpenAI `type`, Anthropic `error.type`, Google `status`). */
  type?: string;
  message?: string;
  headers?: Record<string, string>;
}

/** A recorded transcript replayed verbatim instead of a generated stream. */
export interface FakeReplay {
  /** Raw SSE text: frames separated by blank lines. */
  transcript: string;
  delayMs?: number;
}

const defaultScript = (): FakeScript => ({
  reply: 'Hello from the fake upstream.',
  chunkSize: 4,
  delayMs: 0,
  firstByteDelayMs: 0,
  models: ['fake-model-a', 'fake-model-b'],
});

/** The scripting and recording state shared by every provider fake. */
export class FakeControl {
  script: FakeScript = defaultScript();
  readonly requests: RecordedRequest[] = [];
  private readonly failures: FakeFailure[] = [];
  private readonly replays: FakeReplay[] = [];

  /** Merges options into the persistent script. */
  configure(options: Partial<FakeScript>): void {
    this.script = { ...this.script, ...options };
  }

  /** Answers the next `count` requests with this failure instead of a reply. */
  failNext(failure: FakeFailure, count = 1): void {
    for (let index = 0; index < count; index += 1) this.failures.push(failure);
  }

  /** Answers the next streaming request with a recorded transcript. */
  replayNext(transcript: string, options: { delayMs?: number } = {}): void {
    this.replays.push({ transcript, ...options });
  }

  takeFailure(): FakeFailure | undefined {
    return this.failures.shift();
  }

  takeReplay(): FakeReplay | undefined {
    return this.replays.shift();
  }

  /** Back to the defaults, with no recorded requests and nothing queued. */
  reset(): void {
    this.script = defaultScript();
    this.requests.length = 0;
    this.failures.length = 0;
    this.replays.length = 0;
  }

  get lastRequest(): RecordedRequest | undefined {
    return this.requests.at(-1);
  }

  replyFor(request: RecordedRequest): string {
    const { reply } = this.script;
    return typeof reply === 'function' ? reply(request) : reply;
  }

  /** The tool calls to answer this request with; none unless scripted. */
  toolCallsFor(request: RecordedRequest): FakeToolCall[] {
    const { toolCalls } = this.script;
    return typeof toolCalls === 'function' ? toolCalls(request) : (toolCalls ?? []);
  }

  /** Splits a reply into content deltas of `chunkSize` characters. */
  chunksOf(text: string): string[] {
    const size = Math.max(1, this.script.chunkSize);
    const chunks: string[] = [];
    for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
    return chunks;
  }

  /** The usage to report: scripted, or words of the request body against reply chunks. */
  usageFor(request: RecordedRequest, completionChunks: number): FakeUsage | null {
    if (this.script.usage !== undefined) return this.script.usage;
    const words = JSON.stringify(request.body ?? '').split(/\s+/).length;
    return { promptTokens: words, completionTokens: completionChunks };
  }
}
