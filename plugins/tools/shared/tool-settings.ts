import { z } from 'zod';
import { environmentText } from '../../shared/environment-text.js';

/**
 * A service's base URL setting, read from the environment core passes a tool plugin: the real
 * service unless the operator (or a test, pointing at a fake) names another http(s) URL. The URL
 * still goes through the tool's guarded fetch, so a loopback fake must be in `ssrf.allowedHosts`.
 */
export function baseUrlSetting(variable: string, realUrl: string) {
  return environmentText
    .transform((value) => value ?? realUrl)
    .pipe(z.url({ error: `${variable} must be an http(s) URL`, protocol: /^https?$/ }))
    .transform((value) => value.replace(/\/+$/, ''));
}
