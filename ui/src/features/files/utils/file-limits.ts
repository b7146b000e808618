import { defaultSupportedMimeTypes, megabyte, type EndpointFileConfigDto, type FileConfigDto } from '@protocol';

/** One endpoint's upload rules as the client checks them, in bytes. */
export interface ClientFileLimits {
  fileLimit: number;
  fileSizeLimit: number;
  totalSizeLimit: number;
  supportedMimeTypes: readonly RegExp[];
}

const defaults: ClientFileLimits = { fileLimit: 10, fileSizeLimit: 512 * megabyte, totalSizeLimit: 512 * megabyte, supportedMimeTypes: defaultSupportedMimeTypes };
const disabled: ClientFileLimits = { fileLimit: 0, fileSizeLimit: 0, totalSizeLimit: 0, supportedMimeTypes: [] };

function compile(sources: readonly string[]): RegExp[] {
  // An invalid pattern is skipped, as LibreChat's mergeFileConfig does (the server warns about it).
  return sources.flatMap((source) => {
    try {
      return [new RegExp(source)];
    } catch {
      return [];
    }
  });
}

function merge(base: ClientFileLimits, endpoint: EndpointFileConfigDto | undefined): ClientFileLimits {
  if (!endpoint) return base;
  if (endpoint.disabled) return disabled;
  return {
    fileLimit: endpoint.fileLimit ?? base.fileLimit,
    fileSizeLimit: endpoint.fileSizeLimit === undefined ? base.fileSizeLimit : endpoint.fileSizeLimit * megabyte,
    totalSizeLimit: endpoint.totalSizeLimit === undefined ? base.totalSizeLimit : endpoint.totalSizeLimit * megabyte,
    supportedMimeTypes: endpoint.supportedMimeTypes === undefined ? base.supportedMimeTypes : compile(endpoint.supportedMimeTypes),
  };
}

/**
 * The rules for `endpointKey` (the key the upload sends: `openAI`, `custom` …): the yaml's entry
 * merged over its `default`, merged over spec 001 §9's defaults, as the server resolves them.
 */
export function limitsFor(config: FileConfigDto | undefined, endpointKey: string): ClientFileLimits {
  const endpoints = config?.endpoints ?? {};
  const fallback = merge(defaults, endpoints.default);
  if (endpointKey === 'assistants') return merge(defaults, endpoints.assistants);
  return endpointKey !== 'default' && Object.hasOwn(endpoints, endpointKey) ? merge(fallback, endpoints[endpointKey]) : fallback;
}
