import { z } from 'zod';

/** LibreChat v0.7.1's EModelEndpoint: the only values `endpointType` may hold. */
export const modelEndpointSchema = z.enum([
  'azureOpenAI',
  'openAI',
  'bingAI',
  'chatGPTBrowser',
  'google',
  'gptPlugins',
  'anthropic',
  'assistants',
  'custom',
], { message: 'must be one of the nine EModelEndpoint names' });

/** The all-zero id that marks a root message (Constants.NO_PARENT). */
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';
