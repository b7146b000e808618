import { describe, expect, it } from 'vitest';
import { validateConfig } from './validate.js';
import { formatIgnored } from './ignored-settings.js';

const endpoint = (name: string, extra: Record<string, unknown>) => ({ name, apiKey: 'k', baseURL: 'https://example.com/v1', models: { default: ['m'] }, ...extra });

describe('the ignored list', () => {
  it('names each ignored key once per section, whatever the number of list items using it, top level first', () => {
    const { ignored, warnings, errors } = validateConfig(
      {
        version: '1.2.1',
        endpoints: { custom: [endpoint('A', { summarize: true, customParams: {} }), endpoint('B', { summarize: false, directEndpoint: true })], bedrock: {} },
        speech: { tts: {} },
        memory: {},
      },
      {},
    );
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(ignored).toEqual([
      { section: '', keys: ['speech', 'memory'] },
      { section: 'endpoints.custom', keys: ['customParams', 'directEndpoint', 'summarize'] },
      { section: 'endpoints', keys: ['bedrock'] },
    ]);
    expect(formatIgnored(ignored)).toBe('ignored (not implemented by chatbox): speech, memory; endpoints.custom: customParams, directEndpoint, summarize; endpoints: bedrock');
  });

  it('lists a section ignored as a whole once, not the LibreChat keys inside it', () => {
    const { ignored, warnings } = validateConfig({ version: '1.2.1', fileConfig: { clientImageResize: { enabled: true, maxWidth: 1900 }, serverFileSizeLimit: 10 } }, {});
    expect(warnings).toEqual([]);
    expect(ignored).toEqual([{ section: 'fileConfig', keys: ['clientImageResize'] }]);
  });

  it('keeps a typo apart from the ignored list: it is a warning of its own', () => {
    const { ignored, warnings } = validateConfig({ version: '1.2.1', interface: { sidePanl: true }, registration: { socialLogins: ['github'] } }, {});
    expect(ignored).toEqual([]);
    expect(warnings).toEqual([{ path: 'interface.sidePanl', message: 'unknown key "sidePanl" is ignored' }]);
  });

  it('is empty, and prints nothing, for a file chatbox implements entirely', () => {
    const { ignored } = validateConfig({ version: '1.0.6', endpoints: { custom: [endpoint('A', { iconURL: 'a.png' })] } }, {});
    expect(ignored).toEqual([]);
    expect(formatIgnored(ignored)).toBeNull();
  });
});
