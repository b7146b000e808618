import { anthropicImageSides, readWhole, resizeImage, visionImageTypes } from '../files/index.js';
import { NotFoundError } from '../errors/index.js';
import type { ImageContent } from '../plugin-api/index.js';
import type { StoredFile } from '../store/repositories/files.js';
import type { ConfiguredEndpoint } from '../endpoints/configured-endpoint.js';
import type { EndpointOptions } from '../store/repositories/common.js';
import type { Message, MessageFile } from '../store/repositories/messages.js';
import type { Store } from '../store/types.js';
import type { ChatServices } from './chat-services.js';

/** OpenAI's resolution hint (`imageDetail`); LibreChat sends `auto` when the conversation sets none. */
export type ImageDetail = 'low' | 'auto' | 'high';

/** The images of one message, ready for the request: the parts and what they cost in prompt tokens. */
export interface MessageImages {
  parts: ImageContent[];
  tokens: number;
}

/**
 * The request's `files` (LibreChat's client sends `[{file_id, filepath, type, height, width}]`),
 * each looked up by id and owner: what the client says about a file is not trusted, and another
 * user's file id is as unknown as a missing one (404, nothing leaked). A message now uses them, so
 * their `temp_file_id` is cleared, as LibreChat's `updateFileUsage` does when a turn names a file:
 * the client has swapped its id for the stored one, and a stale temp id on a record would match
 * a later upload's entry.
 */
export async function lookUpFiles(store: Store, userId: string, files: ReadonlyArray<{ file_id: string }>): Promise<StoredFile[]> {
  const records: StoredFile[] = [];
  for (const fileId of new Set(files.map((file) => file.file_id))) {
    const record = await store.files.find(userId, fileId);
    if (!record) throw new NotFoundError(`File not found: ${fileId}`);
    records.push(record);
  }
  const temporary = records.filter((record) => record.temp_file_id);
  if (temporary.length > 0) await store.files.clearTemporaryIds(userId, temporary.map((record) => record.file_id));
  return records.map((record) => (record.temp_file_id ? { ...record, temp_file_id: null } : record));
}

/** What a message keeps of its files, from the stored records (LibreChat's `message.files`). */
export function toMessageFiles(records: readonly StoredFile[]): MessageFile[] {
  return records.map((record) => ({
    file_id: record.file_id, filename: record.filename, filepath: record.filepath, type: record.type, embedded: record.embedded,
    ...(record.width !== null ? { width: record.width } : {}), ...(record.height !== null ? { height: record.height } : {}),
  }));
}

/** An image a model can be shown: a raster type with the sides measured at upload (LibreChat: records without height are documents). */
export function isImageFile(file: { type?: string; width?: number | null; height?: number | null }): boolean {
  return file.type !== undefined && visionImageTypes.has(file.type) && Boolean(file.width) && Boolean(file.height);
}

/**
 * LibreChat's vision rule (wave2 notes §1.15: its list, plus the vision families released since): a
 * model whose name contains one of these sees images. Checked before the call, so a text-only model
 * fails with a clear message instead of the provider's 400.
 */
const visionModelMarks = ['gpt-4-vision', 'gpt-4-turbo', 'gpt-4o', 'gpt-4.1', 'gpt-4.5', 'gpt-5', 'chatgpt-4o', 'o1', 'o3', 'o4', 'llava', 'claude-3', 'claude-sonnet-4', 'claude-opus-4', 'claude-haiku-4', 'gemini', 'pixtral', 'vision'];
/** Names that contain a mark but see no images (LibreChat singles out gpt-4-turbo-preview). */
const textOnlyModels = ['gpt-4-turbo-preview', 'o1-mini', 'o1-preview', 'o3-mini', 'gemini-pro', 'gemini-1.0-pro'];

export function isVisionModel(model: string): boolean {
  const name = model.toLowerCase();
  if (textOnlyModels.includes(name)) return false;
  return visionModelMarks.some((mark) => name.includes(mark));
}

/** LibreChat's default vision model per endpoint: a turn with images on a text-only model switches to it when the endpoint offers it. */
const defaultVisionModels: Readonly<Record<string, string>> = {
  openAI: 'gpt-4-vision-preview', azureOpenAI: 'gpt-4-vision-preview', custom: 'gpt-4-vision-preview',
  anthropic: 'claude-3-sonnet-20240229', google: 'gemini-pro-vision',
};

/** The endpoint kind LibreChat keys its defaults by: a custom endpoint's is `custom`, not its name. */
export function endpointKind(entry: Pick<ConfiguredEndpoint, 'name' | 'type'>): string {
  return entry.type === 'custom' ? 'custom' : entry.name;
}

/**
 * The model a turn with images runs on (wave2 notes §1.15): the chosen one when it sees images, else
 * the endpoint's default vision model when the endpoint offers it; null when neither can.
 */
export function modelForImages(model: string, entry: Pick<ConfiguredEndpoint, 'name' | 'type'>, offered: readonly string[]): string | null {
  if (isVisionModel(model)) return model;
  const fallback = defaultVisionModels[endpointKind(entry)];
  return fallback !== undefined && offered.includes(fallback) ? fallback : null;
}

/**
 * Prompt tokens of one image (LibreChat's ImageDetailCost): 85 at low detail; otherwise 170 per
 * 512-px tile plus 85. Anthropic counts ceil(w·h/750).
 */
export function imageTokens(image: { width: number; height: number }, options: { detail: ImageDetail; anthropic: boolean }): number {
  if (options.anthropic) return Math.ceil((image.width * image.height) / 750);
  if (options.detail === 'low') return 85;
  return Math.ceil(image.width / 512) * Math.ceil(image.height / 512) * 170 + 85;
}

/**
 * `resendFiles` as LibreChat defaults it: earlier images go again on every turn for the OpenAI-style
 * endpoints and Anthropic; Google sends the latest message's images only.
 */
export function resendsFiles(option: boolean | null | undefined, endpointKind: string): boolean {
  return option ?? endpointKind !== 'google';
}

/**
 * The image parts of a message's files, read from the storage each record names. Anthropic refuses
 * sides over 1568 px at full price, so larger images are resized for it here (the stored copy stays).
 * An image whose record or bytes are gone (deleted in My files since) is left out, with a warning.
 */
export async function imagesOf(
  services: Pick<ChatServices, 'store' | 'fileStorages' | 'imageOutputType' | 'log'>,
  userId: string,
  files: readonly MessageFile[],
  options: { detail: ImageDetail; anthropic: boolean },
): Promise<MessageImages> {
  const images: MessageImages = { parts: [], tokens: 0 };
  for (const file of files) {
    const record = await services.store.files.find(userId, file.file_id);
    if (!record || !isImageFile(record)) continue;
    const image = await readImage(services, record, options.anthropic).catch((error: unknown) => {
      services.log.warn({ err: error, fileId: record.file_id, source: record.source }, 'an attached image could not be read: left out of the request');
      return null;
    });
    if (!image) continue;
    images.parts.push({ type: 'image', url: `data:${image.type};base64,${image.data.toString('base64')}`, detail: options.detail });
    images.tokens += imageTokens(image, options);
  }
  return images;
}

async function readImage(services: Pick<ChatServices, 'fileStorages' | 'imageOutputType'>, record: StoredFile, anthropic: boolean) {
  const storage = await services.fileStorages.forSource(record.source);
  if (!storage) throw new Error(`no storage for source ${record.source}`);
  const data = await readWhole(await storage.readStream(record.filepath));
  const image = { data, type: record.type, width: record.width ?? 0, height: record.height ?? 0 };
  if (anthropic && Math.max(image.width, image.height) > anthropicImageSides.longSide) {
    return resizeImage(data, { limits: anthropicImageSides, outputType: services.imageOutputType });
  }
  return image;
}

/**
 * The images of a turn's branch, by message id: the turn's own message always, earlier user messages
 * when `resendFiles` is on (`resendImages` is its older name). A model without vision gets none (the
 * turn's own images were refused before; earlier ones are left out rather than failing the turn).
 */
export async function loadBranchImages(
  services: Pick<ChatServices, 'store' | 'fileStorages' | 'imageOutputType' | 'log'>,
  turn: { userId: string; entry: ConfiguredEndpoint; model: string; options: EndpointOptions; branch: ReadonlyArray<Pick<Message, 'messageId' | 'isCreatedByUser' | 'files'>>; current: string },
): Promise<Map<string, MessageImages>> {
  const byMessage = new Map<string, MessageImages>();
  if (!isVisionModel(turn.model)) return byMessage;
  const kind = endpointKind(turn.entry);
  const options = { detail: turn.options.imageDetail ?? 'auto', anthropic: kind === 'anthropic' };
  const resend = resendsFiles(turn.options.resendFiles ?? turn.options.resendImages, kind);
  for (const message of turn.branch) {
    if (!message.isCreatedByUser || !message.files?.length || (message.messageId !== turn.current && !resend)) continue;
    const images = await imagesOf(services, turn.userId, message.files, options);
    if (images.parts.length > 0) byMessage.set(message.messageId, images);
  }
  return byMessage;
}
