import { ValidationError } from '../../errors/index.js';

/** The text fields of an upload, as LibreChat's client sends them (wave2 notes §1.4). */
export interface UploadFields {
  /** The client's id for the file (a UUID v4); answered back as `temp_file_id`. */
  temporaryFileId: string;
  /** The endpoint key the limits are looked up by (`openAI`, `custom`, `default` …). */
  endpoint: string;
  width: number | null;
  height: number | null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Keys the endpoint name is looked up by: letters, digits and a few separators, as endpoint names go. */
const endpointPattern = /^[\w .:-]{1,100}$/;
/** Pixels a side may have; larger is a bad value, not an image. */
const maxImageSide = 100_000;

/**
 * Checks the collected text fields once the whole form is read (LibreChat's client sends `endpoint`
 * after the file). Fields chatbox does not use yet (`assistant_id`, `model`, `message_file`) are allowed.
 */
export function parseUploadFields(fields: ReadonlyMap<string, string>): UploadFields {
  const temporaryFileId = fields.get('file_id');
  if (!temporaryFileId) throw new ValidationError('No file_id provided');
  if (!uuidPattern.test(temporaryFileId)) throw new ValidationError('file_id must be a UUID');
  const endpoint = fields.get('endpoint');
  if (!endpoint) throw new ValidationError('No endpoint provided');
  if (!endpointPattern.test(endpoint)) throw new ValidationError('endpoint is not a valid endpoint name');
  return { temporaryFileId, endpoint, width: parseSide(fields, 'width'), height: parseSide(fields, 'height') };
}

function parseSide(fields: ReadonlyMap<string, string>, name: 'width' | 'height'): number | null {
  const value = fields.get(name);
  if (value === undefined || value === '') return null;
  const side = Number(value);
  if (!Number.isInteger(side) || side < 1 || side > maxImageSide) throw new ValidationError(`${name} must be a whole number of pixels from 1 to ${maxImageSide}`);
  return side;
}
