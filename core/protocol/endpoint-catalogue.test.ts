import { describe, expect, it } from 'vitest';
import { builtInEndpointNames, catalogueEntry, defaultEndpointOrder, endpointMessageActions, reservedEndpointNames } from './endpoint-catalogue.js';

describe('the endpoint catalogue', () => {
  it('reserves the names LibreChat reserves, custom included', () => {
    expect([...reservedEndpointNames].sort()).toEqual(['anthropic', 'assistants', 'azureOpenAI', 'bingAI', 'chatGPTBrowser', 'custom', 'google', 'gptPlugins', 'openAI']);
    expect(builtInEndpointNames).not.toContain('custom');
    expect(builtInEndpointNames).toHaveLength(reservedEndpointNames.length - 1);
  });

  it("keeps LibreChat's default order of the built-in endpoints", () => {
    expect(defaultEndpointOrder).toEqual(['openAI', 'assistants', 'azureOpenAI', 'gptPlugins', 'google', 'anthropic']);
  });

  it('knows no other name, not even an object key', () => {
    expect(catalogueEntry('Groq')).toBeUndefined();
    expect(catalogueEntry('constructor')).toBeUndefined();
    expect(catalogueEntry(null)).toBeUndefined();
    expect(endpointMessageActions('Groq')).toEqual({ edit: false, branch: false, resubmitReply: true });
  });

  it('says which actions and parameters each endpoint has', () => {
    expect(endpointMessageActions('google')).toEqual({ edit: true, branch: true, resubmitReply: false });
    expect(endpointMessageActions('assistants')).toMatchObject({ edit: true, branch: false });
    expect(endpointMessageActions('bingAI')).toMatchObject({ edit: false, branch: true });
    expect(catalogueEntry('custom')?.parameters).toBe('openAI');
    expect(catalogueEntry('gptPlugins')?.parameters).toBe('gptPlugins');
    expect(catalogueEntry('assistants')?.parameters).toBeUndefined();
  });
});
