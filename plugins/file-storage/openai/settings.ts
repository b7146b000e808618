import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const userProvided = 'user_provided';

/**
 * Settings of the `openai` file storage, from the environment: the key and base URL of LibreChat's
 * assistants endpoint (ASSISTANTS_API_KEY, ASSISTANTS_BASE_URL), falling back to OPENAI_API_KEY and
 * OPENAI_BASE_URL (the SDK's own names), then to api.openai.com. OPENAI_ORGANIZATION is passed on. The
 * server stores files with its own key, so a per-user key (`user_provided`) cannot serve here.
 */
export const openAIFileStorageSettingsSchema = z
  .object({
    ASSISTANTS_API_KEY: optionalText,
    OPENAI_API_KEY: optionalText,
    ASSISTANTS_BASE_URL: optionalText,
    OPENAI_BASE_URL: optionalText,
    OPENAI_ORGANIZATION: optionalText,
  })
  .transform((environment, context) => {
    const apiKey = [environment.ASSISTANTS_API_KEY, environment.OPENAI_API_KEY].find((key) => key !== undefined && key !== userProvided);
    if (!apiKey) {
      context.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'ASSISTANTS_API_KEY or OPENAI_API_KEY (not user_provided) is required for fileStrategy: openai' });
      return z.NEVER;
    }
    const baseURL = [environment.ASSISTANTS_BASE_URL, environment.OPENAI_BASE_URL].find((url) => url !== undefined && url !== userProvided) ?? 'https://api.openai.com/v1';
    if (!URL.canParse(baseURL)) {
      context.addIssue({ code: 'custom', path: ['ASSISTANTS_BASE_URL'], message: `the files API base URL "${baseURL}" is not a URL` });
      return z.NEVER;
    }
    return { apiKey, baseURL: baseURL.replace(/\/+$/, ''), organization: environment.OPENAI_ORGANIZATION };
  });

export type OpenAIFileStorageSettings = z.output<typeof openAIFileStorageSettingsSchema>;
