import { z } from 'zod';
import type { Tool } from '../../../core/plugin-api/index.js';
import { boundText } from '../shared/search-results.js';
import { requestServiceAnswer } from '../shared/service-request.js';
import { requireCredentials } from '../shared/tool-credentials.js';
import { defineZodTool } from '../shared/zod-tool-input.js';

export interface WolframSettings {
  /** The Wolfram|Alpha API's origin, without a trailing slash. */
  baseUrl: string;
}

const SERVICE = 'Wolfram|Alpha';

/** How long an answer the LLM API writes (its `maxchars`): within a tool result's budget. */
const MAX_ANSWER_CHARS = 6_000;

/** LibreChat's `wolfram` function (the structured variant the functions agent uses): one `input` string. */
const inputSchema = z.object({
  input: z.string().min(1).describe('Natural language query to WolframAlpha following the guidelines: simplified keywords in English, one line, for example "France population".'),
});

/**
 * The Wolfram|Alpha LLM API (GET /api/v1/llm-api with `input` and `appid`), which answers plain text
 * written for a model. Its 501 means it did not understand the input: that text (with its
 * suggestions) is the result, so the model can rephrase, as LibreChat's tool hands it back too.
 */
export function createWolframTool(settings: WolframSettings): Tool {
  return defineZodTool({
    name: 'wolfram',
    manifest: {
      displayName: 'Wolfram',
      summary: 'Access computation, math, curated knowledge & real-time data through Wolfram|Alpha and Wolfram Language.',
      icon: '/assets/tools/wolfram.svg',
      credentials: [{ authField: 'WOLFRAM_APP_ID', label: 'Wolfram App ID', description: 'An App ID of the LLM API from developer.wolframalpha.com.' }],
    },
    description:
      'WolframAlpha offers computation, math, curated knowledge, and real-time data. It handles natural language queries and performs complex calculations. ' +
      'Convert questions to simplified keyword queries in English ("how many people live in France" becomes "France population"), use single-letter variable names ' +
      'and exponent notation like 6*10^14; if Wolfram offers assumptions, send the same input again with the relevant one.',
    input: inputSchema,
    async execute({ input: query }, context) {
      const credential = requireCredentials(context, 'Wolfram|Alpha', ['WOLFRAM_APP_ID']);
      const url = new URL(`${settings.baseUrl}/api/v1/llm-api`);
      // The API reads one line; backticks are Markdown the model sometimes wraps a query in.
      url.search = new URLSearchParams({ input: query.replaceAll('`', '').replace(/\s*\n\s*/g, ' '), appid: credential('WOLFRAM_APP_ID'), maxchars: String(MAX_ANSWER_CHARS) }).toString();
      const answer = await requestServiceAnswer(context, { service: SERVICE, url, secrets: [credential('WOLFRAM_APP_ID')], answerStatuses: [501] });
      const text = boundText(answer.text);
      if (answer.status === 501) return [{ type: 'text', text: `Wolfram|Alpha did not understand the input. ${text}`.trim() }];
      return [{ type: 'text', text: text || `Wolfram|Alpha answered nothing for "${query}".` }];
    },
  });
}
