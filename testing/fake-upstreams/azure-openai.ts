import { startFakeServer, type FakeExchange, type FakeUpstream } from './fake-server.js';
import { answerChatCompletion, sendOpenAIError } from './openai.js';
import { dataFrame } from './sse.js';

const deploymentPath = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;

const accessDenied =
  'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.';

/** Azure opens every stream with an empty-choices chunk carrying the prompt filter verdicts. */
const promptFilterFrame = dataFrame({
  choices: [],
  created: 0,
  id: '',
  model: '',
  object: '',
  prompt_filter_results: [{ prompt_index: 0, content_filter_results: { hate: { filtered: false, severity: 'safe' }, violence: { filtered: false, severity: 'safe' } } }],
});

/**
 * Azure OpenAI: `POST /openai/deployments/{deployment}/chat/completions?api-version=…` with an `api-key`
 * header, plus serverless bases (`…/chat/completions` anywhere else). Like Azure, a request without
 * `api-version` is a 404 and one without `api-key` a 401, so tests prove both are sent.
 */
export async function handleAzureOpenAI(exchange: FakeExchange): Promise<void> {
  const { method, path, query, headers, body } = exchange.request;
  const isCompletion = method === 'POST' && path.endsWith('/chat/completions');
  if (!isCompletion) return sendOpenAIError(exchange, { status: 404, code: '404', message: 'Resource not found' });
  const deployment = deploymentPath.exec(path)?.[1];
  if (deployment && !query['api-version']) return sendOpenAIError(exchange, { status: 404, code: '404', message: 'Resource not found' });
  if (!headers['api-key']) return sendOpenAIError(exchange, { status: 401, code: '401', message: accessDenied });
  return answerChatCompletion(exchange, deployment ?? String(body?.model ?? 'unknown'), [promptFilterFrame]);
}

/** Starts a fake Azure OpenAI resource; use `${url}/openai/deployments/${DEPLOYMENT_NAME}` as a group baseURL. */
export function startFakeAzureOpenAI(port = 0): Promise<FakeUpstream> {
  return startFakeServer(handleAzureOpenAI, undefined, port);
}
