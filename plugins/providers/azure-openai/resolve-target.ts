import type { ProviderCredentials, ProviderFailure } from '../../../core/plugin-api/index.js';
import { pickCredential } from '../../shared/credentials.js';
import { stripOperationPath } from '../../shared/openai-compatible/index.js';
import { providerFailure } from '../../shared/provider-failure.js';
import type { AzureGroupSettings, ResolvedAzureOpenAISettings } from './settings.js';

/** Where and how one model's requests go. */
export interface AzureTarget {
  /** Everything before `/chat/completions`. */
  baseURL: string;
  apiKey: string;
  apiVersion?: string;
  headers: Record<string, string>;
  addParams?: Record<string, unknown>;
  dropParams?: string[];
}

/**
 * A user's own Azure credentials, as the key dialog stores them (LibreChat names) or shortened.
 * They override the group's values.
 */
function userOverrides(credentials?: ProviderCredentials) {
  const extra = (credentials?.extra ?? {}) as Record<string, string | undefined>;
  return {
    instanceName: extra.instanceName ?? extra.azureOpenAIApiInstanceName,
    deploymentName: extra.deploymentName ?? extra.azureOpenAIApiDeploymentName,
    version: extra.version ?? extra.azureOpenAIApiVersion,
  };
}

function findGroup(settings: ResolvedAzureOpenAISettings, model: string): AzureGroupSettings | undefined {
  return settings.groups.find((group) => Object.hasOwn(group.models, model));
}

/** Resolves the URL, key, version and extras for a model, or explains why it cannot be called. */
export function resolveAzureTarget(settings: ResolvedAzureOpenAISettings, model: string, credentials?: ProviderCredentials): AzureTarget | ProviderFailure {
  const group = findGroup(settings, model);
  const user = userOverrides(credentials);
  if (!group && !user.instanceName) return providerFailure('not_found', `Model "${model}" is not configured in any azureOpenAI group`);
  const override = group?.models[model] === true ? {} : (group?.models[model] ?? {});
  const apiKey = pickCredential(credentials?.apiKey, group?.apiKey);
  if (!apiKey) return providerFailure('invalid_api_key', `No API key is configured or provided for azureOpenAI model "${model}"`);
  const instanceName = user.instanceName ?? group?.instanceName;
  const deploymentName = user.deploymentName ?? override.deploymentName ?? group?.deploymentName;
  const apiVersion = user.version ?? override.version ?? group?.version;
  const common = { apiKey, apiVersion, headers: { ...settings.headers, ...group?.additionalHeaders }, addParams: group?.addParams, dropParams: group?.dropParams };
  if (group?.serverless) {
    if (!group.baseURL) return providerFailure('bad_request', `The serverless azureOpenAI group "${group.group}" has no baseURL`);
    return { ...common, baseURL: stripOperationPath(group.baseURL) };
  }
  if (!deploymentName || !apiVersion) return providerFailure('bad_request', `No deployment name or API version for azureOpenAI model "${model}"`);
  if (group?.baseURL && !user.instanceName) {
    const baseURL = group.baseURL.replaceAll('${INSTANCE_NAME}', instanceName ?? '').replaceAll('${DEPLOYMENT_NAME}', deploymentName);
    return { ...common, baseURL: stripOperationPath(baseURL) };
  }
  if (!instanceName) return providerFailure('bad_request', `No instance name for azureOpenAI model "${model}"`);
  return { ...common, baseURL: `https://${instanceName}.openai.azure.com/openai/deployments/${encodeURIComponent(deploymentName)}` };
}

export const isFailure = (value: AzureTarget | ProviderFailure): value is ProviderFailure => 'kind' in value;
