/** One dispatched server-sent event. */
export interface SseEvent {
  /** `message` unless the stream named it (`event: error`). */
  event: string;
  /** The data lines joined with newlines. */
  data: string;
  id?: string;
}

export interface SseParser {
  /** Feeds decoded text; a frame may arrive split at any character, lines and events included. */
  feed(text: string): void;
  /** The body ended: a last event the server did not close with a blank line is still delivered. */
  end(): void;
}

/**
 * An incremental parser of the text/event-stream format (WHATWG HTML §9.2.6): fields `event`,
 * `data` (repeatable), `id`; comments and `retry` ignored; CRLF, CR and LF line ends.
 */
export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = '';
  let eventName = '';
  let dataLines: string[] = [];
  let lastId: string | undefined;

  const dispatch = () => {
    if (dataLines.length > 0) onEvent({ event: eventName || 'message', data: dataLines.join('\n'), id: lastId });
    eventName = '';
    dataLines = [];
  };

  const processLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
  };

  return {
    feed(text) {
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        // A CR at the very end may be the first half of a CRLF split across two chunks: wait for more.
        if (char === '\r' && index === buffer.length - 1) break;
        processLine(buffer.slice(start, index));
        if (char === '\r' && buffer[index + 1] === '\n') index += 1;
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      const rest = buffer.replace(/\r$/, '');
      buffer = '';
      if (rest) processLine(rest);
      dispatch();
    },
  };
}
