import { describe, expect, it } from 'vitest';
import { azureOpenAISettingsSchema, resolveAzureTarget } from './index.js';

const group = { group: 'eastus', apiKey: 'key', instanceName: 'my-eastus', deploymentName: 'gpt-4-turbo', version: '2024-02-15-preview', models: { 'gpt-4-turbo': true as const } };
const resolve = (groups: unknown[], model: string, credentials?: Parameters<typeof resolveAzureTarget>[2]) =>
  resolveAzureTarget(azureOpenAISettingsSchema.parse({ groups }), model, credentials);

describe('resolveAzureTarget', () => {
  it('builds the instance URL from instanceName and deploymentName', () => {
    expect(resolve([group], 'gpt-4-turbo')).toMatchObject({
      baseURL: 'https://my-eastus.openai.azure.com/openai/deployments/gpt-4-turbo',
      apiKey: 'key',
      apiVersion: '2024-02-15-preview',
    });
  });

  it('substitutes the placeholders of a gateway baseURL', () => {
    const gateway = { ...group, baseURL: 'https://gateway.ai.cloudflare.com/v1/acct/gw/azure-openai/${INSTANCE_NAME}/${DEPLOYMENT_NAME}' };
    expect(resolve([gateway], 'gpt-4-turbo')).toMatchObject({ baseURL: 'https://gateway.ai.cloudflare.com/v1/acct/gw/azure-openai/my-eastus/gpt-4-turbo' });
  });

  it('uses the user instance, deployment and version from a saved Azure key', () => {
    const credentials = { apiKey: 'user-key', extra: { azureOpenAIApiInstanceName: 'mine', azureOpenAIApiDeploymentName: 'dep', azureOpenAIApiVersion: '2024-10-21' } };
    expect(resolve([], 'gpt-4o', credentials)).toMatchObject({ baseURL: 'https://mine.openai.azure.com/openai/deployments/dep', apiKey: 'user-key', apiVersion: '2024-10-21' });
  });

  it('explains a missing version or key', () => {
    expect(resolve([{ ...group, version: undefined }], 'gpt-4-turbo')).toMatchObject({ kind: 'bad_request' });
    expect(resolve([{ ...group, apiKey: 'user_provided' }], 'gpt-4-turbo')).toMatchObject({ kind: 'invalid_api_key' });
  });
});
