import { z } from 'zod';
import type { Tool } from '../../../core/plugin-api/index.js';
import { BodyTooLargeError, readBoundedBody } from '../shared/bounded-body.js';
import { describeFetchFailure } from '../shared/fetch-failure.js';
import { defineZodTool } from '../shared/zod-tool-input.js';
import { htmlToText, tidy } from './html-to-text.js';
import { relevantPassages } from './relevant-passages.js';

/** How far one page fetch may go. */
export interface WebBrowserLimits {
  /** The most bytes of a page read. */
  maxPageBytes: number;
  /** A page not read whole after this long is given up on. */
  timeoutMs: number;
  /** The most characters of the page's text the model is shown. */
  maxAnswerChars: number;
}

export const defaultWebBrowserLimits: WebBrowserLimits = { maxPageBytes: 2 * 1024 * 1024, timeoutMs: 15_000, maxAnswerChars: 6_000 };

/** LibreChat's `web-browser` takes LangChain's WebBrowser input: one string, `"<url>","<what to find>"`. */
const webBrowserInput = z.object({ input: z.string().min(1).max(2000).describe('"ONE valid http(s) URL including the protocol","what you want to find on the page, or empty for a summary"') });

/** The URL and the question of an input like `"https://a.example/x","who wrote it?"` (quotes optional). */
export function parseBrowserInput(input: string): { url: string; question: string } {
  const match = /^\s*"?([^",\s]+)"?\s*(?:,\s*(.*))?$/s.exec(input);
  const url = match?.[1] ?? '';
  const question = (match?.[2] ?? '').trim().replace(/^"|"$/g, '').trim();
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new Error(`the input must start with one http(s) URL, not "${input.slice(0, 100)}"`);
  return { url, question };
}

const readableTypes = /^(text\/html|application\/xhtml\+xml|text\/plain)$/;

/** The page's text decoded by the charset its Content-Type names (UTF-8 when none, or one Node does not know). */
function decode(bytes: Uint8Array, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

/**
 * LibreChat's `web-browser` ("Browser"): fetches a page through the SSRF guard (every redirect hop
 * checked too), bounded in size and time, extracts its readable text and answers the part relevant
 * to the question within a budget. LibreChat's manifest asks for OPENAI_API_KEY (it embedded the
 * page); chatbox keeps the field for compatibility but ranks passages by words: the tool works without it.
 */
export function createWebBrowserTool(limits: WebBrowserLimits = defaultWebBrowserLimits): Tool {
  return defineZodTool({
    name: 'web-browser',
    manifest: {
      displayName: 'Browser',
      summary: 'Scrape and summarize webpage data. Needs no key in chatbox: the OpenAI key field is kept for LibreChat compatibility and is not used.',
      icon: '/assets/tools/web-browser.svg',
      credentials: [{ authField: 'OPENAI_API_KEY', label: 'OpenAI API Key', description: 'LibreChat used it for embeddings; chatbox does not use it (any value works).' }],
    },
    description:
      'Reads a web page and answers its readable text, or the passages relevant to what you want to find. Useful to find something on, or summarize, a page ' +
      'whose URL you know. The input is a comma-separated list: "ONE valid http(s) URL including the protocol","what you want to find on the page, or empty for a summary".',
    input: webBrowserInput,
    async execute(input, context) {
      const { url, question } = parseBrowserInput(input.input);
      const timeout = AbortSignal.timeout(limits.timeoutMs);
      const signal = AbortSignal.any([context.signal, timeout]);
      const failed = (error: unknown): never => {
        if (context.signal.aborted) throw error;
        if (timeout.aborted) throw new Error(`${url} did not answer within ${limits.timeoutMs / 1000} s`);
        throw describeFetchFailure(error, url);
      };
      const response = await context.fetch(url, { headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9' }, signal }).catch(failed);
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new Error(`${url} answered HTTP ${response.status}`);
      }
      const contentType = response.headers.get('content-type') ?? 'text/html';
      const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
      if (!readableTypes.test(mediaType)) {
        await response.body?.cancel().catch(() => undefined);
        throw new Error(`${url} is ${mediaType}, not a web page or text`);
      }
      const bytes = await readBoundedBody(response, limits.maxPageBytes, 'the page').catch((error: unknown) => {
        if (error instanceof BodyTooLargeError) throw error;
        return failed(error);
      });
      const raw = decode(bytes, contentType);
      const page = mediaType === 'text/plain' ? { title: '', text: tidy(raw) } : htmlToText(raw);
      if (!page.text) return [{ type: 'text', text: `${url} has no readable text (it may need JavaScript to show its content).` }];
      const passages = relevantPassages(page.text, question, limits.maxAnswerChars);
      const heading = [page.title && `Title: ${page.title}`, `URL: ${url}`].filter(Boolean).join('\n');
      const note = passages.selected ? `The passages of the page relevant to "${question}" (${page.text.length} characters in all):` : page.text.length > passages.text.length ? `The beginning of the page's text (${page.text.length} characters in all):` : "The page's text:";
      return [{ type: 'text', text: `${heading}\n${note}\n\n${passages.text}` }];
    },
  });
}
