import { z } from 'zod';
import type { Tool } from '../../../core/plugin-api/index.js';
import { imageAnswerGuidance } from '../shared/generated-image.js';
import { generateAndKeepImage, imagesApiKeyField, imagesEndpoint, requireImagesApiKey } from '../shared/openai-images.js';
import { defineZodTool } from '../shared/zod-tool-input.js';
import type { DalleSettings } from './settings.js';

const defaultGuidance =
  'Creates one image from a detailed description (one call per image). Write the prompt in English, describe the subject, medium ' +
  '(photo, oil painting, illustration, render …), composition, colours, lighting and mood concretely in several sentences. ' +
  imageAnswerGuidance;

/** gpt-image models name DALL-E-3's qualities differently. */
const gptImageQuality = { hd: 'high', standard: 'medium' } as const;

const dalleInput = z.object({
  prompt: z.string().min(1).max(4000).describe('A detailed description of the image, at least three sentences.'),
  style: z.enum(['vivid', 'natural']).default('vivid').describe('vivid: hyper-real and dramatic; natural: more natural, less hyper-real.'),
  quality: z.enum(['hd', 'standard']).default('standard').describe('hd: finer detail and consistency.'),
  size: z.enum(['1024x1024', '1792x1024', '1024x1792']).default('1024x1024').describe('Square, wide or tall.'),
});

/** gpt-image models have no 1792-pixel sides: the nearest wide and tall sizes. */
const gptImageSize = { '1024x1024': '1024x1024', '1792x1024': '1536x1024', '1024x1792': '1024x1536' } as const;

/**
 * LibreChat's `dalle` ("DALL-E-3"): the model writes a prompt and picks style, quality and size, as
 * in LibreChat's structured tool; the image is generated through the OpenAI SDK's images API, kept
 * as the user's file and answered as markdown the reply shows inline.
 */
export function createDalleTool(settings: DalleSettings): Tool {
  const endpoint = imagesEndpoint({ baseURL: settings.DALLE3_BASEURL, reverseProxy: settings.DALLE_REVERSE_PROXY, azureApiVersion: settings.DALLE3_AZURE_API_VERSION });
  const model = settings.DALLE3_MODEL ?? 'dall-e-3';
  return defineZodTool({
    name: 'dalle',
    manifest: {
      displayName: 'DALL-E-3',
      summary: '[DALL-E-3] Create realistic images and art from a description in natural language.',
      icon: '/assets/tools/dalle.svg',
      credentials: [imagesApiKeyField('DALLE3_API_KEY')],
    },
    description: settings.DALLE3_SYSTEM_PROMPT ?? defaultGuidance,
    input: dalleInput,
    async execute(input, context) {
      const apiKey = requireImagesApiKey(context, 'DALLE3_API_KEY', 'DALL-E-3');
      const isDallE = model.startsWith('dall-e');
      const params = isDallE
        ? { model, prompt: input.prompt, style: input.style, quality: input.quality, size: input.size }
        : { model, prompt: input.prompt, quality: gptImageQuality[input.quality], size: gptImageSize[input.size] };
      return generateAndKeepImage(context, { apiKey, endpoint, params, prompt: input.prompt });
    },
  });
}
