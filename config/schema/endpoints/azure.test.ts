import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../validate.js';

const eastus = {
  group: 'eastus',
  apiKey: 'key-1',
  instanceName: 'my-eastus',
  version: '2024-02-15-preview',
  deploymentName: 'gpt-4-turbo',
  models: { 'gpt-4-turbo': true },
};
const check = (azureOpenAI: unknown) => validateConfig({ version: '1.0.6', endpoints: { azureOpenAI } }, {});

describe('endpoints.azureOpenAI', () => {
  it('accepts groups with shared settings, per-model overrides and a serverless group', () => {
    const azureOpenAI = {
      titleConvo: true,
      titleModel: 'gpt-4-turbo',
      titleMethod: 'completion',
      summarize: false,
      summaryModel: 'gpt-35-turbo',
      customOrder: 1,
      plugins: true,
      assistants: true,
      groups: [
        {
          ...eastus,
          additionalHeaders: { 'X-Team': 'research' },
          addParams: { seed: 1 },
          dropParams: ['stop'],
          forcePrompt: false,
          assistants: true,
          models: { 'gpt-4-turbo': true, 'gpt-3.5-turbo': { deploymentName: 'gpt-35-turbo', version: '2023-12-01-preview', assistants: true } },
        },
        { group: 'mistral', apiKey: 'key-2', serverless: true, baseURL: 'https://mistral.inference.ai.azure.com/v1/chat/completions', models: { 'mistral-large': true } },
      ],
    };
    const { config, errors } = check(azureOpenAI);
    expect(errors).toEqual([]);
    expect(config?.endpoints?.azureOpenAI).toEqual(azureOpenAI);
  });

  it('needs at least one group', () => {
    expect(check({ groups: [] }).errors).toEqual([{ path: 'endpoints.azureOpenAI.groups', message: 'at least one group is required' }]);
  });

  it('needs instanceName unless serverless, and baseURL when serverless', () => {
    const { errors } = check({
      groups: [
        { ...eastus, instanceName: undefined },
        { group: 'serverless', apiKey: 'k', serverless: true, models: { 'mistral-large': true } },
      ],
    });
    expect(errors).toEqual([
      { path: 'endpoints.azureOpenAI.groups[0].instanceName', message: 'required unless serverless is true' },
      { path: 'endpoints.azureOpenAI.groups[1].baseURL', message: 'required when serverless is true' },
    ]);
  });

  it('needs a deployment and a version for every model, from the model or its group', () => {
    const { errors } = check({
      groups: [{ ...eastus, deploymentName: undefined, version: undefined, models: { 'gpt-4': { deploymentName: 'gpt4' }, 'gpt-3.5-turbo': true } }],
    });
    expect(errors).toEqual([
      { path: 'endpoints.azureOpenAI.groups[0].models.gpt-4', message: 'no version on the model or its group' },
      { path: 'endpoints.azureOpenAI.groups[0].models["gpt-3.5-turbo"]', message: 'no deploymentName on the model or its group' },
      { path: 'endpoints.azureOpenAI.groups[0].models["gpt-3.5-turbo"]', message: 'no version on the model or its group' },
    ]);
  });

  it('refuses duplicate group names and a model served by two groups', () => {
    const { errors } = check({ groups: [eastus, { ...eastus, instanceName: 'other' }] });
    expect(errors).toEqual([
      { path: 'endpoints.azureOpenAI.groups[1].group', message: 'duplicate group name "eastus"' },
      { path: 'endpoints.azureOpenAI.groups[1].models.gpt-4-turbo', message: 'model "gpt-4-turbo" is already served by group "eastus"' },
    ]);
  });

  it('explains a model entry that is neither true nor an override object', () => {
    const { errors } = check({ groups: [{ ...eastus, models: { 'gpt-4-turbo': 'yes' } }] });
    expect(errors).toEqual([
      { path: 'endpoints.azureOpenAI.groups[0].models.gpt-4-turbo', message: 'expected true or an object with deploymentName / version / assistants' },
    ]);
  });
});
