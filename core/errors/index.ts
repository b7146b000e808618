export { ChatboxError, ValidationError, NotFoundError, DuplicateError } from './chatbox-error.js';
export { errorCodes, formatErrorMessage, type ErrorCode } from './codes.js';
export { PackageLoadError, loadOnce } from './load-once.js';
