import { z } from 'zod';
import type { Tool } from '../../../core/plugin-api/index.js';
import { imageAnswerGuidance } from '../shared/generated-image.js';
import { generateAndKeepImage, imagesApiKeyField, imagesEndpoint, requireImagesApiKey } from '../shared/openai-images.js';
import { defineZodTool } from '../shared/zod-tool-input.js';
import type { DallESettings } from './settings.js';

const defaultGuidance =
  "Creates one image with DALL-E from a visual description. Describe what is seen, not what is meant: subject, style, colours, details, mood " +
  '("Subject: …, Style: …, Color: …, Details: …, Emotion: …"). One image per request unless the user asks for more. ' +
  imageAnswerGuidance;

/** LibreChat's `dall-e` takes one string, `input` (a LangChain tool, not a structured one). */
const dallEInput = z.object({ input: z.string().min(1).max(1000).describe('The visual description of the image') });

/**
 * LibreChat's `dall-e` ("DALL-E", DALL-E 2): one 512×512 image through the OpenAI SDK's images API,
 * kept as the user's file and answered as markdown the reply shows inline.
 */
export function createDallETool(settings: DallESettings): Tool {
  const endpoint = imagesEndpoint({ baseURL: settings.DALLE2_BASEURL, reverseProxy: settings.DALLE_REVERSE_PROXY, azureApiVersion: settings.DALLE2_AZURE_API_VERSION });
  return defineZodTool({
    name: 'dall-e',
    manifest: {
      displayName: 'DALL-E',
      summary: 'Create realistic images and art from a description in natural language.',
      icon: '/assets/tools/dall-e.svg',
      credentials: [imagesApiKeyField('DALLE2_API_KEY')],
    },
    description: settings.DALLE2_SYSTEM_PROMPT ?? defaultGuidance,
    input: dallEInput,
    async execute(input, context) {
      // LibreChat flattens the prompt to one line without quotes before sending it.
      const prompt = input.input.replace(/\r\n|\r|\n/g, ' ').replace(/"/g, '').trim();
      const apiKey = requireImagesApiKey(context, 'DALLE2_API_KEY', 'DALL-E');
      return generateAndKeepImage(context, { apiKey, endpoint, params: { model: 'dall-e-2', prompt, size: '512x512' }, prompt });
    },
  });
}
