import type { ToolContext } from '../../../core/plugin-api/index.js';

/**
 * What an image tool's description tells the model about its answer. The reply shows an image only
 * where its markdown is in the text, so the model is asked to copy it (LibreChat's plugins endpoint
 * appends it itself when the model does not; the other endpoints rely on the model).
 */
export const imageAnswerGuidance = 'The tool answers markdown that shows the image: put it in your reply exactly as given, on its own line, and do not describe the image again.';

/** How LibreChat's image tools answer, which its client (and chatbox's) shows inline. */
export const imageMarkdown = (filepath: string) => `![generated image](${filepath})`;

/**
 * Keeps a generated image as the user's file (context `image_generation`) and answers the markdown
 * that shows it, as LibreChat's plugins do.
 */
export async function keepGeneratedImage(context: ToolContext, image: { body: Uint8Array; mediaType: string; name: string }): Promise<string> {
  if (!context.saveFile) throw new Error('this server cannot keep generated images here (no file storage for tool results)');
  const saved = await context.saveFile(image);
  return imageMarkdown(saved.filepath);
}

/** A file name from the prompt, for the user's file list: `img-<first words>.png`. */
export function imageFileName(prompt: string, extension: string): string {
  const words = prompt.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
  return `img-${words || 'generated'}.${extension}`;
}
