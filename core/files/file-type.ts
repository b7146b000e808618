import { sniffSignature, type SignatureType } from './file-signature.js';
import { isMimeTypeSupported } from './mime-patterns.js';
import { isSvgText, isUtf8Text } from './text-content.js';
import { UploadRejectedError } from './upload-errors.js';

export interface FileTypeInput {
  /** The multipart part's Content-Type, as the client sent it (may be empty). */
  declaredType: string | undefined;
  /** The (decoded) file name: only consulted when the client declared no type. */
  fileName: string;
  /** The first bytes of the upload (file-signature's `sniffLength` is enough). */
  head: Uint8Array;
  /** True when `head` is the whole file (a small upload). */
  wholeFile: boolean;
  /** The endpoint's accepted types (see resolveFileLimits). */
  supportedMimeTypes: readonly RegExp[];
}

export interface FileType {
  /** The MIME type to store and to check the endpoint's patterns with. */
  type: string;
  /** image: its bytes prove a raster image; pdf: they prove a PDF; text: valid UTF-8 text; binary: the rest. */
  kind: 'image' | 'pdf' | 'text' | 'binary';
}

/** LibreChat's client maps these extensions when the browser gives no type (wave2 notes §1.11), plus the common ones. */
const typesByExtension: Readonly<Record<string, string>> = {
  c: 'text/x-c', cs: 'text/x-csharp', cpp: 'text/x-c++', md: 'text/markdown', php: 'text/x-php', py: 'text/x-python',
  rb: 'text/x-ruby', tex: 'text/x-tex', js: 'text/javascript', sh: 'application/x-sh', ts: 'application/typescript',
  tar: 'application/x-tar', zip: 'application/zip',
  txt: 'text/plain', csv: 'text/csv', html: 'text/html', htm: 'text/html', css: 'text/css', java: 'text/x-java',
  json: 'application/json', xml: 'application/xml', pdf: 'application/pdf',
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel', epub: 'application/epub+zip',
};

/** Types that are ZIP archives inside: a ZIP signature confirms them. */
const zipBasedTypes = /^application\/(zip|x-zip-compressed|epub\+zip|vnd\.openxmlformats-officedocument\..+)$/;
/** Old Office formats are Compound File Binary containers. */
const compoundFileTypes = /^application\/(vnd\.ms-excel|msexcel|x-msexcel|x-ms-excel|x-excel|x-dos_ms_excel|xls|x-xls|msword|vnd\.ms-powerpoint)$/;
/** Types only a signature may grant: declared without the matching bytes, they are refused. */
const signatureOnlyTypes = /^(image\/.+|application\/(pdf|x-tar|gzip|x-gzip))$/;
/** Types whose bytes must be UTF-8 text (also what the document index reads as text). */
export const textTypes = /^(text\/.+|application\/(json|xml|csv|typescript|javascript|x-sh|x-javascript|x-yaml|yaml|x-httpd-php))$/;

/**
 * The type an upload really has, from its bytes first: a signature decides images and PDFs whatever
 * the client said; a declared type needing a signature the bytes lack is refused; text must be UTF-8;
 * SVG is never an image (it carries scripts), only text when declared as text. Then the endpoint's
 * patterns must accept it. Throws UploadRejectedError (415) with spec 001 §5's texts.
 */
export function decideFileType(input: FileTypeInput): FileType {
  const declared = normalizeType(input.declaredType) ?? typeFromName(input.fileName);
  const decided = decide(declared, input);
  if (!isMimeTypeSupported(decided.type, input.supportedMimeTypes)) throw new UploadRejectedError('unsupported_file_type', { type: decided.type });
  return decided;
}

function decide(declared: string | null, input: FileTypeInput): FileType {
  const signature = sniffSignature(input.head);
  if (signature) return fromSignature(signature, declared);
  const text = isUtf8Text(input.head, { wholeFile: input.wholeFile });
  if (text && isSvgText(input.head)) {
    if (declared && textTypes.test(declared)) return { type: declared, kind: 'text' };
    throw new UploadRejectedError('unsupported_file_type', { type: 'image/svg+xml' });
  }
  if (!declared) {
    if (text) return { type: 'text/plain', kind: 'text' };
    throw new UploadRejectedError('unknown_file_type', { name: input.fileName });
  }
  if (signatureOnlyTypes.test(declared) || zipBasedTypes.test(declared) || compoundFileTypes.test(declared)) {
    throw new UploadRejectedError('unsupported_file_type', { type: declared });
  }
  if (textTypes.test(declared)) {
    if (!text) throw new UploadRejectedError('unsupported_file_type', { type: declared });
    return { type: declared, kind: 'text' };
  }
  // A type chatbox has no signature for (audio/mpeg …): the endpoint's patterns alone decide it.
  return { type: declared, kind: text ? 'text' : 'binary' };
}

function fromSignature(signature: SignatureType, declared: string | null): FileType {
  if (signature.startsWith('image/')) return { type: signature, kind: 'image' };
  if (signature === 'application/pdf') return { type: signature, kind: 'pdf' };
  // A .docx is a ZIP and an .xls a compound file: keep the finer declared type the container confirms.
  if (signature === 'application/zip' && declared && zipBasedTypes.test(declared)) return { type: declared, kind: 'binary' };
  if (signature === 'application/x-cfb' && declared && compoundFileTypes.test(declared)) return { type: declared, kind: 'binary' };
  return { type: signature, kind: 'binary' };
}

/** `Text/Plain; charset=utf-8` → `text/plain`; empty and the generic octet-stream say nothing. */
function normalizeType(type: string | undefined): string | null {
  const essence = type?.split(';')[0].trim().toLowerCase();
  return essence && essence !== 'application/octet-stream' ? essence : null;
}

/** The media type LibreChat maps a file name's extension to, or null. */
export function typeFromName(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return Object.hasOwn(typesByExtension, extension) ? typesByExtension[extension] : null;
}
