/** One server-sent event of the backend's stream. */
export interface BackendEvent {
  event: string;
  data: string;
}

/**
 * The events of a text/event-stream body: `event` and `data` fields, blank-line separated (the
 * backend sends one data line per event; several are joined as the format says).
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<BackendEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (block: string): BackendEvent | undefined => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    return data.length > 0 ? { event, data: data.join('\n') } : undefined;
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.search(/\r?\n\r?\n/); end !== -1; end = buffer.search(/\r?\n\r?\n/)) {
      const event = parse(buffer.slice(0, end));
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      if (event) yield event;
    }
  }
  const last = parse(buffer);
  if (last) yield last;
}
