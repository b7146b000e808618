import type { EndpointFileConfig, FileConfig } from '../../config/schema/file-config.js';
import { compileMimePatterns, defaultSupportedMimeTypes } from './mime-patterns.js';
import type { UploadByteLimits } from './upload-limit-stream.js';

import { megabyte } from '../protocol/files.js';

export { megabyte };
export const megabytesToBytes = (megabytes: number): number => Math.round(megabytes * megabyte);

/** One endpoint's upload rules, in bytes and compiled patterns. */
export interface EndpointFileLimits {
  disabled: boolean;
  /** Files one message may carry. */
  fileLimit: number;
  /** Bytes per file. */
  fileSizeLimit: number;
  /** Bytes of all files of one request together. */
  totalSizeLimit: number;
  supportedMimeTypes: readonly RegExp[];
}

/** `fileConfig` as the server enforces it: the yaml merged over spec 001 §9's defaults. */
export interface FileLimits {
  /** By the endpoint key the client sends (`assistants`, `openAI`, `custom` …); `default` always exists. */
  endpoints: Readonly<Record<string, EndpointFileLimits>>;
  /** Bytes any one upload may have, whatever its endpoint allows. */
  serverFileSizeLimit: number;
  /** Bytes of an avatar image. */
  avatarSizeLimit: number;
  /** Bytes one user may store in all; null: no quota (the default). */
  userStorageLimit: number | null;
}

const defaultEndpointLimits: EndpointFileLimits = {
  disabled: false,
  fileLimit: 10,
  fileSizeLimit: megabytesToBytes(512),
  totalSizeLimit: megabytesToBytes(512),
  supportedMimeTypes: defaultSupportedMimeTypes,
};

const disabledEndpointLimits: EndpointFileLimits = { disabled: true, fileLimit: 0, fileSizeLimit: 0, totalSizeLimit: 0, supportedMimeTypes: [] };

/**
 * Merges librechat.yaml's `fileConfig` over the defaults as LibreChat's `mergeFileConfig` does (sizes
 * MB → bytes, `disabled: true` zeroes everything, patterns compiled with bad ones skipped), with one
 * difference: an endpoint key the yaml adds takes what it leaves out from the merged `default`
 * instead of leaving it unset (LibreChat's server then checks no size at all).
 */
export function resolveFileLimits(fileConfig: FileConfig | undefined, warn: (message: string) => void): FileLimits {
  const configured = fileConfig?.endpoints ?? {};
  const defaults = merge(defaultEndpointLimits, configured.default, warn);
  // LibreChat ships `assistants` and `default` with the same values; openAI, custom … fall back to default.
  const endpoints: Record<string, EndpointFileLimits> = { default: defaults, assistants: merge(defaultEndpointLimits, configured.assistants, warn) };
  for (const [key, endpoint] of Object.entries(configured)) {
    if (key === 'default' || key === 'assistants') continue;
    endpoints[key] = merge(defaults, endpoint, warn);
  }
  return {
    endpoints,
    serverFileSizeLimit: megabytesToBytes(fileConfig?.serverFileSizeLimit ?? 512),
    avatarSizeLimit: megabytesToBytes(fileConfig?.avatarSizeLimit ?? 2),
    userStorageLimit: fileConfig?.userStorageLimit === undefined ? null : megabytesToBytes(fileConfig.userStorageLimit),
  };
}

/** The rules for the endpoint a client names (custom endpoints send `custom`), else `default`'s. */
export function limitsForEndpoint(limits: FileLimits, endpoint: string): EndpointFileLimits {
  return Object.hasOwn(limits.endpoints, endpoint) ? limits.endpoints[endpoint] : limits.endpoints.default;
}

function merge(base: EndpointFileLimits, endpoint: EndpointFileConfig | undefined, warn: (message: string) => void): EndpointFileLimits {
  if (!endpoint) return base;
  if (endpoint.disabled) return disabledEndpointLimits;
  return {
    disabled: false,
    fileLimit: endpoint.fileLimit ?? base.fileLimit,
    fileSizeLimit: endpoint.fileSizeLimit === undefined ? base.fileSizeLimit : megabytesToBytes(endpoint.fileSizeLimit),
    totalSizeLimit: endpoint.totalSizeLimit === undefined ? base.totalSizeLimit : megabytesToBytes(endpoint.totalSizeLimit),
    supportedMimeTypes: endpoint.supportedMimeTypes === undefined ? base.supportedMimeTypes : compileMimePatterns(endpoint.supportedMimeTypes, warn),
  };
}

/**
 * The byte limits one file of an upload to `endpoint` streams under: its size capped by both the
 * endpoint and serverFileSizeLimit, the request total, and the user's quota given what they store.
 */
export function byteLimitsForUpload(
  limits: FileLimits,
  endpoint: string,
  usage: { bytesEarlierInRequest: number; userStorageUsed: number },
): UploadByteLimits {
  const rules = limitsForEndpoint(limits, endpoint);
  return {
    fileSizeLimit: Math.min(rules.fileSizeLimit, limits.serverFileSizeLimit),
    totalSizeLimit: rules.totalSizeLimit,
    bytesEarlierInRequest: usage.bytesEarlierInRequest,
    userStorageLimit: limits.userStorageLimit,
    userStorageUsed: usage.userStorageUsed,
  };
}
