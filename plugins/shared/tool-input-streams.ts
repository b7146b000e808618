import type { ChatPart } from '../../core/plugin-api/index.js';

interface OpenCall {
  id: string;
  name: string;
  input: string;
}

/**
 * The tool calls of one stream being written, keyed by the upstream's own index: every provider
 * mapper reports a call the same way, `tool-input-start`, deltas, `tool-input-end`, then the whole
 * `tool-call`, so the parts and their ids never differ between providers.
 */
export class ToolInputStreams {
  private readonly calls = new Map<number | string, OpenCall>();

  /** Whether a call is open under this key. */
  has(key: number | string): boolean {
    return this.calls.has(key);
  }

  /** Opens a call whose id and name are known. */
  start(key: number | string, id: string, name: string): ChatPart[] {
    this.calls.set(key, { id, name, input: '' });
    return [{ type: 'tool-input-start', id, name }];
  }

  /** More of a call's JSON input; nothing for an empty fragment or an unknown key. */
  append(key: number | string, delta: string): ChatPart[] {
    const call = this.calls.get(key);
    if (!call || delta === '') return [];
    call.input += delta;
    return [{ type: 'tool-input-delta', id: call.id, delta }];
  }

  /** Closes a call: its end and the whole call, with `{}` when the model wrote no input. */
  end(key: number | string): ChatPart[] {
    const call = this.calls.get(key);
    if (!call) return [];
    this.calls.delete(key);
    return [
      { type: 'tool-input-end', id: call.id },
      { type: 'tool-call', id: call.id, name: call.name, input: call.input === '' ? '{}' : call.input },
    ];
  }

  /** Closes every open call, in the order they were opened. */
  endAll(): ChatPart[] {
    return [...this.calls.keys()].flatMap((key) => this.end(key));
  }

  /** A call that arrives whole (Gemini): its start, its input as one delta, its end and the call. */
  whole(id: string, name: string, input: string): ChatPart[] {
    return [...this.start(id, id, name), ...this.append(id, input), ...this.end(id)];
  }
}
