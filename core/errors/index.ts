export { ChatboxError, ValidationError, NotFoundError, DuplicateError, ConfigError } from './chatbox-error.js';
export { errorCodes, formatErrorMessage, type ErrorCode } from './codes.js';
