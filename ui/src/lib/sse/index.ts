export { createSseParser, type SseEvent, type SseParser } from './parse-sse.js';
export { fetchEventStream, SseHttpError, type EventStreamRequest } from './fetch-event-stream.js';
