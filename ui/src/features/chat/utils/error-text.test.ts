import { describe, expect, it } from 'vitest';
import { createLocalize } from '../../../lib/i18n/localize.js';
import { enUS } from '../../../locales/index.js';
import { ERROR_TEXT_LIMIT, errorMessageText } from './error-text.js';

const english = createLocalize(enUS);
const text = (value: string) => errorMessageText(value, english);
const prefix = "Something went wrong. Here's the specific error message we encountered: ";

describe('error box text', () => {
  it.each([
    ['{"type":"no_user_key"}', 'No key found. Please provide a key and try again.'],
    ['{"type":"invalid_user_key"}', 'Invalid key provided. Please provide a valid key and try again.'],
    ['{"type":"no_base_url"}', 'No base URL found. Please provide one and try again.'],
    ['{"type":"ban"}', 'Your account has been temporarily banned due to violations of our service.'],
    ['{"type":"concurrent","limit":2}', 'Only 2 message(s) at a time. Please allow any other responses to complete before sending another message, or wait one minute.'],
    ['{"type":"message_limit","max":40,"windowInMinutes":1}', 'You hit the message limit. You have a cap of 40 message(s) per 1 minute(s).'],
    ['{"type":"token_balance","balance":3,"promptTokens":120,"tokenCost":9}', 'Insufficient Funds! Balance: 3. Prompt tokens: 120. Cost: 9.'],
    ['{"code":"expired_user_key","0":"OpenAI","1":"2024-05-01T00:00:00.000Z"}', 'Provided key for OpenAI expired at 2024-05-01T00:00:00.000Z. Please provide a new key and try again.'],
    ['{"type":"expired_user_key","endpoint":"anthropic","expiredAt":"soon"}', 'Provided key for anthropic expired at soon. Please provide a new key and try again.'],
  ])('maps %s', (input, expected) => {
    expect(text(input)).toBe(expected);
  });

  it('maps invalid_api_key, insufficient_quota and moderation to their catalogue texts', () => {
    expect(text('{"type":"invalid_api_key","message":"Incorrect API key"}')).toMatch(/^Invalid API key\. Please check your API key/);
    expect(text('{"type":"insufficient_quota"}')).toMatch(/default API key has reached its limit/);
    expect(text('{"type":"moderation"}')).toMatch(/flagged by our moderation system/);
  });

  it('prefers code over type and finds JSON inside prose', () => {
    expect(text('Error: {"code":"ban","type":"other"} (403)')).toBe('Your account has been temporarily banned due to violations of our service.');
  });

  it('lists the generations of a token balance error', () => {
    expect(text('{"type":"token_balance","balance":1,"promptTokens":2,"tokenCost":3,"generations":["a","b"]}')).toBe(
      'Insufficient Funds! Balance: 1. Prompt tokens: 2. Cost: 3. Generations: a, b',
    );
  });

  it('falls back to the generic sentence with the plain text or the unknown JSON message', () => {
    expect(text('The model provider returned an error')).toBe(`${prefix}The model provider returned an error`);
    expect(text('{"type":"illegal_model_request","message":"The model \\"x\\" is not offered"}')).toBe(`${prefix}The model "x" is not offered`);
    expect(text('{not json')).toBe(`${prefix}{not json`);
  });

  it('cuts the server text to 512 characters with an ellipsis', () => {
    const long = 'x'.repeat(600);
    expect(text(long)).toBe(`${prefix}${'x'.repeat(ERROR_TEXT_LIMIT)}…`);
    expect(text('y'.repeat(512))).toBe(`${prefix}${'y'.repeat(512)}`);
  });

  it('speaks the user language', () => {
    const german = createLocalize({ com_error_no_user_key: 'Kein Schlüssel gefunden.' });
    expect(errorMessageText('{"type":"no_user_key"}', german)).toBe('Kein Schlüssel gefunden.');
  });
});
