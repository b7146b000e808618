/** The lines a plugin writes to the server log, under its own name. */
export interface PluginLogger {
  /** Detail worth having only while investigating. */
  debug(message: string, fields?: Record<string, unknown>): void;
  /** A normal event worth a line (a model list loaded, a bucket opened). */
  info(message: string, fields?: Record<string, unknown>): void;
  /** Something went wrong and the plugin carried on (a fallback was used). */
  warn(message: string, fields?: Record<string, unknown>): void;
  /** Something went wrong and the plugin could not do what was asked. */
  error(message: string, fields?: Record<string, unknown>): void;
}
