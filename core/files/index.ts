/** Upload rules: pure, no routes and no storage (those build on these). */
export { resolveFileLimits, limitsForEndpoint, byteLimitsForUpload, megabyte, megabytesToBytes, type FileLimits, type EndpointFileLimits } from './file-limits.js';
export { defaultSupportedMimeTypes, compileMimePatterns, isMimeTypeSupported } from './mime-patterns.js';
export { fileConfigBody } from './file-config-body.js';
export { sniffSignature, sniffLength, type SignatureType } from './file-signature.js';
export { isUtf8Text, isSvgText } from './text-content.js';
export { decideFileType, typeFromName, type FileType, type FileTypeInput } from './file-type.js';
export { sanitizeFileName, decodeClientFileName, extensionOf, maxFileNameBytes } from './file-name.js';
export { UploadLimitStream, type UploadByteLimits } from './upload-limit-stream.js';
export { UploadRejectedError, formatMegabytes } from './upload-errors.js';
export { readImageInfo, type ImageInfo } from './image-resize.js';
export { resizeImage, resizeAvatar, avatarSide, fitImageSides, readWhole, uploadImageSides, anthropicImageSides, visionImageTypes, type ImageOutputType, type ImageSideLimits, type ResizedImage } from './image-resize.js';
export type { DocumentIndex, DocumentToIndex, DocumentPassage, IndexedDocument } from './document-index.js';
export { documentKindOf, docxType, type DocumentKind } from './document-kind.js';
export { extractText, ExtractionError, defaultExtractionLimits, type ExtractionLimits } from './extract-text.js';
export { chunkText, defaultChunkOptions, type ChunkOptions } from './chunk-text.js';
export { createRagApiDocumentIndex, RagApiUnavailableError, EmbeddingFailedError, type RagApiDocumentIndexOptions } from './rag-api/index.js';
export { parseByteRange, type SatisfiableRange } from './byte-range.js';
export { checkMessageFileCount } from './message-file-limit.js';
