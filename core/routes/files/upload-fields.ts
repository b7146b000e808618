import { ValidationError } from '../../errors/index.js';

/** The text fields of an upload, as LibreChat's client sends them (wave2 notes §1.4). */
export interface UploadFields {
  /** The client's id for the file (a UUID v4); answered back as `temp_file_id`. */
  temporaryFileId: string;
  /** The endpoint key the limits are looked up by (`openAI`, `custom`, `default` …). */
  endpoint: string;
  width: number | null;
  height: number | null;
  /**
   * The builder's Knowledge panel sends `assistant_id` (no `message_file`): the file becomes one of
   * that assistant's knowledge files. A chat attachment on the assistants endpoint also names the
   * assistant, with `message_file='true'`, and is only the message's (wave2 notes §2.14).
   */
  knowledgeOf: string | null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Keys the endpoint name is looked up by: letters, digits and a few separators, as endpoint names go. */
const endpointPattern = /^[\w .:-]{1,100}$/;
/** `asst_` and OpenAI's id characters, not more than an id has. */
const assistantIdPattern = /^asst_[A-Za-z0-9]{1,64}$/;
/** Pixels a side may have; larger is a bad value, not an image. */
const maxImageSide = 100_000;

/**
 * Checks the collected text fields once the whole form is read (LibreChat's client sends `endpoint`
 * after the file). `model` is allowed and unused.
 */
export function parseUploadFields(fields: ReadonlyMap<string, string>): UploadFields {
  const temporaryFileId = fields.get('file_id');
  if (!temporaryFileId) throw new ValidationError('No file_id provided');
  if (!uuidPattern.test(temporaryFileId)) throw new ValidationError('file_id must be a UUID');
  const endpoint = fields.get('endpoint');
  if (!endpoint) throw new ValidationError('No endpoint provided');
  if (!endpointPattern.test(endpoint)) throw new ValidationError('endpoint is not a valid endpoint name');
  const assistantId = fields.get('assistant_id') || null;
  if (assistantId !== null && !assistantIdPattern.test(assistantId)) throw new ValidationError('assistant_id is not an assistant id');
  const knowledgeOf = assistantId !== null && fields.get('message_file') !== 'true' ? assistantId : null;
  return { temporaryFileId, endpoint, width: parseSide(fields, 'width'), height: parseSide(fields, 'height'), knowledgeOf };
}

function parseSide(fields: ReadonlyMap<string, string>, name: 'width' | 'height'): number | null {
  const value = fields.get(name);
  if (value === undefined || value === '') return null;
  const side = Number(value);
  if (!Number.isInteger(side) || side < 1 || side > maxImageSide) throw new ValidationError(`${name} must be a whole number of pixels from 1 to ${maxImageSide}`);
  return side;
}
