import type { ChatServices } from '../../chat/chat-services.js';
import { countTokens } from '../../chat/tokens.js';
import { endpointKind, imagesOf, isVisionModel } from '../../chat/turn-images.js';
import type { ChatRequest, Tool } from '../../plugin-api/index.js';
import { toPluginLogger } from '../../plugin-host/plugin-logger.js';
import { imageVisionTool } from '../assistant-tools.js';
import type { AssistantsConnection } from '../assistants-endpoint.js';
import type { CapabilityContext, CapabilityFactory } from '../run/run-capability.js';
import { threadMessageFiles } from './thread-files.js';

type Services = Pick<ChatServices, 'store' | 'fileStorages' | 'imageOutputType' | 'log' | 'balance'>;

/** LibreChat's answer when there is nothing to describe (wave2 notes §2.13). */
export const noImageDetails = 'No image details found.';
const prompt = 'Describe each of these images in detail: what it shows, any text in it, and anything a reader who cannot see it would need to answer questions about it. Number the descriptions in the order of the images.';
/** The model LibreChat v0.7.1 hard-coded for the description. */
export const defaultVisionModel = 'gpt-4-vision-preview';
/** LibreChat's side call asked for up to 4000 tokens (wave2 notes §2.8). */
const maxDescriptionTokens = 4_000;

/**
 * What the run's instructions gain when the user's message brings images and the model has the tool
 * (LibreChat added such a sentence to the run's additional instructions, wave2 notes §2.8).
 */
export function imageVisionNote(imageCount: number): string {
  const images = imageCount === 1 ? '1 image' : `${imageCount} images`;
  return `The user attached ${images} to the message, which you cannot see: call the ${imageVisionTool.function.name} tool to get their descriptions.`;
}

/**
 * The image_vision capability (issue 18 §3): LibreChat's `image_vision` function for a run on a model
 * that cannot see images. The tool sends the thread's images to the vision model (ASSISTANTS_VISION_MODEL,
 * as LibreChat sent them to gpt-4-vision-preview) and answers its description. A vision model gets the
 * images themselves, so it is not offered the tool. `connectionFor` finds the vision model's endpoint
 * (a run on a model lent by another endpoint may not reach it); a vision model no endpoint lists goes
 * to the run's own connection.
 */
export function imageVisionCapability(services: Services, visionModel: string = defaultVisionModel, connectionFor?: (userId: string, model: string) => Promise<AssistantsConnection>): CapabilityFactory {
  return (context: CapabilityContext) => {
    if (isVisionModel(context.model)) return { off: `the model "${context.model}" sees the thread's images itself` };
    const tool: Tool = {
      name: imageVisionTool.function.name,
      description: imageVisionTool.function.description ?? 'Describes the images of the conversation.',
      inputSchema: { type: 'object', properties: {} },
      // Not in the tool store (GET /api/plugins), so the icon is never listed; an image icon of the set.
      manifest: { displayName: 'Image Vision', summary: "Describes the conversation's images for a model that cannot see them.", icon: '/assets/tools/dalle.svg', credentials: [] },
      async execute(_input, toolContext) {
        const files = await threadMessageFiles(services, context.userId, context.conversationId);
        const connection = (await connectionFor?.(context.userId, visionModel).catch(() => undefined)) ?? context.connection;
        const images = await imagesOf(services, context.userId, files, { detail: 'auto', anthropic: endpointKind(connection.entry) === 'anthropic' });
        if (images.parts.length === 0) return [{ type: 'text', text: noImageDetails }];
        const request: ChatRequest = {
          model: visionModel,
          messages: [{ role: 'user', content: [{ type: 'text', text: prompt }, ...images.parts] }],
          parameters: { maxOutputTokens: maxDescriptionTokens },
          user: context.userId,
        };
        let text = '';
        let usage = { promptTokens: countTokens(prompt, visionModel) + images.tokens, completionTokens: 0 };
        for await (const part of connection.entry.provider.stream(request, { signal: toolContext.signal, credentials: connection.credentials, fetch: connection.fetch })) {
          if (part.type === 'text-delta') text += part.text;
          else if (part.type === 'finish' && part.usage) usage = part.usage;
          else if (part.type === 'error') throw new Error(`the vision model ${visionModel} failed: ${part.error.message}`);
        }
        await services.balance
          .spend({ userId: context.userId, conversationId: context.conversationId, model: visionModel, context: 'message', promptTokens: usage.promptTokens, completionTokens: usage.completionTokens || countTokens(text, visionModel) })
          .catch((error: unknown) => services.log.error({ err: error }, 'recording the image_vision spend failed'));
        return [{ type: 'text', text: text.trim() || noImageDetails }];
      },
    };
    return { resolved: { key: imageVisionTool.function.name, tool, log: toPluginLogger(services.log.child({ tool: 'image_vision' })), authenticated: true } };
  };
}
