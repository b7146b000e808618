/** One frame as LibreChat v0.7.1's sse.js dispatches it. */
export interface ClientFrame {
  event: string;
  /** The parsed JSON data; undefined when the data was not JSON (recorded in `problems`). */
  data: any;
}

/** Where a stream breaks the framing rules of contract §4.1, as readable lines. */
export interface FramingProblems {
  problems: string[];
}

/**
 * Parses one block the way the client does: `event:` names it (default `message`), `data:` lines
 * are joined without a newline, `id:`/`retry:` are ignored. Comments, empty data, other event names
 * and several data lines all break the client, so each is recorded.
 */
function parseBlock(block: string, problems: string[]): ClientFrame | undefined {
  const lines = block.split(/\r\n|\n/).filter((line) => line !== '');
  if (lines.length === 0) return undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of lines) {
    if (line.startsWith(':')) problems.push(`comment or heartbeat frame ${JSON.stringify(line)}`);
    else if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    else if (!line.startsWith('id:') && !line.startsWith('retry:')) problems.push(`unknown line ${JSON.stringify(line)}`);
  }
  if (event !== 'message' && event !== 'error') problems.push(`event name ${JSON.stringify(event)} (only message and error)`);
  if (data.length > 1) problems.push(`${data.length} data lines in one frame (the client joins them without a newline)`);
  const text = data.join('');
  if (text === '') {
    problems.push(`a frame with empty data (event ${event})`);
    return { event, data: undefined };
  }
  try {
    return { event, data: JSON.parse(text) };
  } catch {
    problems.push(`data that is not JSON: ${text.slice(0, 80)}`);
    return { event, data: undefined };
  }
}

/** Reads a stream response frame by frame as it arrives, recording framing problems on the way. */
export async function* readClientFrames(response: Response, framing: FramingProblems): AsyncGenerator<ClientFrame> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let match = /\r\n\r\n|\n\n/.exec(buffer);
    while (match) {
      const frame = parseBlock(buffer.slice(0, match.index), framing.problems);
      buffer = buffer.slice(match.index + match[0].length);
      if (frame) yield frame;
      match = /\r\n\r\n|\n\n/.exec(buffer);
    }
  }
  if (buffer.trim() !== '') framing.problems.push(`the stream ended inside a frame: ${buffer.slice(0, 80)}`);
}
