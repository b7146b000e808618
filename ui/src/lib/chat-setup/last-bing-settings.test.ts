import { afterEach, describe, expect, it } from 'vitest';
import { LAST_BING_SETTINGS_KEY, lastBingSettings, newChatSetup, rememberBingSettings } from './last-bing-settings.js';

afterEach(() => window.localStorage.clear());

describe('lastBingSettings', () => {
  it('start new Bing chats in the remembered mode and tone, and leave other endpoints alone', () => {
    expect(newChatSetup({ endpoint: 'bingAI', endpointType: null, model: 'BingAI' })).toEqual({ endpoint: 'bingAI', endpointType: null, model: 'BingAI', jailbreak: false, toneStyle: 'creative' });
    rememberBingSettings({ jailbreak: true });
    rememberBingSettings({ toneStyle: 'fast' });
    expect(JSON.parse(window.localStorage.getItem(LAST_BING_SETTINGS_KEY) ?? 'null')).toEqual({ jailbreak: true, toneStyle: 'fast' });
    expect(newChatSetup({ endpoint: 'bingAI', endpointType: null, model: 'BingAI' })).toMatchObject({ jailbreak: true, toneStyle: 'fast', model: 'Sydney' });
    expect(newChatSetup({ endpoint: 'openAI', endpointType: null, model: 'gpt-4o' })).toEqual({ endpoint: 'openAI', endpointType: null, model: 'gpt-4o' });
  });

  it('fall back to the defaults for a corrupt entry or an unknown tone', () => {
    window.localStorage.setItem(LAST_BING_SETTINGS_KEY, '{not json');
    expect(lastBingSettings()).toEqual({ jailbreak: false, toneStyle: 'creative' });
    window.localStorage.setItem(LAST_BING_SETTINGS_KEY, JSON.stringify({ jailbreak: 'yes', toneStyle: 'angry' }));
    expect(lastBingSettings()).toEqual({ jailbreak: false, toneStyle: 'creative' });
  });
});
