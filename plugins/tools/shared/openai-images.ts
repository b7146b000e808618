import OpenAI from 'openai';
import type { ImageGenerateParamsNonStreaming } from 'openai/resources/images';
import type { ToolContext, ToolCredentialField, ToolOutputPart } from '../../../core/plugin-api/index.js';
import { readBoundedBody } from './bounded-body.js';
import { fetchOrDescribe } from './fetch-failure.js';
import { imageFileName, keepGeneratedImage } from './generated-image.js';

/** Where an images client sends its requests, from the operator's environment (LibreChat's variables). */
export interface OpenAIImagesEndpoint {
  /** DALLE3_BASEURL / DALLE2_BASEURL, else DALLE_REVERSE_PROXY, else OpenAI's API. */
  baseURL?: string;
  /** DALLE3_AZURE_API_VERSION / DALLE2_AZURE_API_VERSION: with a base URL, the deployment is on Azure OpenAI. */
  azureApiVersion?: string;
}

/**
 * The manifest field of a DALL-E tool's OpenAI key: its own variable, else the shared
 * DALLE_API_KEY (LibreChat's `A||B` authField, the first set one wins).
 */
export function imagesApiKeyField(variable: string): ToolCredentialField {
  return { authField: `${variable}||DALLE_API_KEY`, label: 'OpenAI API Key', description: 'Your OpenAI API key, used for the images API.' };
}

/** The call's OpenAI key, read under the field's first name, or an Error saying how to give one. */
export function requireImagesApiKey(context: ToolContext, variable: string, displayName: string): string {
  const apiKey = context.credentials[variable];
  if (!apiKey) throw new Error(`${displayName} has no OpenAI API key: install the tool with one, or the operator sets ${variable} or DALLE_API_KEY`);
  return apiKey;
}

/** The largest image a tool downloads when the API answers a URL instead of the bytes. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * The base URL as LibreChat derives it: the Azure base URL when an Azure API version is set, else
 * the tool's own base URL, else the reverse proxy cut to its `/v1` (a proxy given as
 * `https://proxy/v1/chat/completions` still works).
 */
export function imagesEndpoint(settings: { baseURL?: string; reverseProxy?: string; azureApiVersion?: string }): OpenAIImagesEndpoint {
  if (settings.azureApiVersion && settings.baseURL) return { baseURL: settings.baseURL, azureApiVersion: settings.azureApiVersion };
  if (settings.baseURL) return { baseURL: settings.baseURL };
  if (settings.reverseProxy) return { baseURL: settings.reverseProxy.replace(/(\/v1)\/.*$/, '$1') };
  return {};
}

/**
 * The official SDK's client for the operator's endpoint. The endpoint is the operator's, not a
 * model's, so the SDK's own fetch reaches it (a local proxy on 127.0.0.1 must work); an Azure
 * deployment is called with `api-version` and the `api-key` header, as LibreChat does.
 */
export function createImagesClient(apiKey: string, endpoint: OpenAIImagesEndpoint): OpenAI {
  return new OpenAI({
    apiKey,
    baseURL: endpoint.baseURL,
    maxRetries: 0,
    ...(endpoint.azureApiVersion ? { defaultQuery: { 'api-version': endpoint.azureApiVersion }, defaultHeaders: { 'api-key': apiKey } } : {}),
  });
}

/** One generated image: its bytes, and the prompt the model revised it to (DALL-E-3 rewrites prompts). */
export interface GeneratedImage {
  body: Uint8Array;
  revisedPrompt?: string;
}

/**
 * Generates one image. dall-e models are asked for `b64_json` (gpt-image models always answer it and
 * refuse the parameter); an answer with a `url` only is downloaded through the tool's guarded fetch,
 * since that address comes from a remote answer.
 */
export async function generateOneImage(client: OpenAI, params: ImageGenerateParamsNonStreaming, context: ToolContext): Promise<GeneratedImage> {
  const isDallE = typeof params.model === 'string' && params.model.startsWith('dall-e');
  const answer = await client.images.generate({ ...params, n: 1, ...(isDallE ? { response_format: 'b64_json' } : {}) }, { signal: context.signal });
  const image = answer.data?.[0];
  if (image?.b64_json) return { body: Buffer.from(image.b64_json, 'base64'), revisedPrompt: image.revised_prompt };
  if (image?.url) {
    const response = await fetchOrDescribe(context, image.url, {}, "the generated image's address");
    if (!response.ok) throw new Error(`downloading the generated image failed with HTTP ${response.status}`);
    return { body: await readBoundedBody(response, MAX_IMAGE_BYTES, 'the generated image'), revisedPrompt: image.revised_prompt };
  }
  throw new Error('the images API answered no image');
}

/** An API failure in words for the model and the user: the service's status and message. */
export function describeImagesFailure(error: unknown): string {
  if (error instanceof OpenAI.APIError) return `the images API answered ${error.status ?? 'an error'}: ${error.error && typeof error.error === 'object' && 'message' in error.error ? String(error.error.message) : error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * What an images tool answers: one image generated with `params` through the operator's endpoint,
 * kept as the user's file (named from `prompt`) and answered as the markdown that shows it. An API
 * failure is an Error in the service's words; a stop is rethrown as it is.
 */
export async function generateAndKeepImage(context: ToolContext, request: { apiKey: string; endpoint: OpenAIImagesEndpoint; params: ImageGenerateParamsNonStreaming; prompt: string }): Promise<ToolOutputPart[]> {
  const image = await generateOneImage(createImagesClient(request.apiKey, request.endpoint), request.params, context).catch((error: unknown) => {
    if (context.signal.aborted) throw error;
    throw new Error(describeImagesFailure(error));
  });
  return [{ type: 'text', text: await keepGeneratedImage(context, { body: image.body, mediaType: 'image/png', name: imageFileName(request.prompt, 'png') }) }];
}
