import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWebSite, zebraParagraph } from '../../../testing/fake-tool-services/fake-web-site.js';
import type { MediaFake } from '../../../testing/fake-tool-services/media-fake-server.js';
import { mediaToolContext } from '../../../testing/fake-tool-services/media-tool-context.js';
import { htmlToText } from './html-to-text.js';
import { webBrowserToolPlugin } from './plugin.js';
import { createWebBrowserTool, defaultWebBrowserLimits, parseBrowserInput } from './web-browser-tool.js';

let site: MediaFake;
const log = { debug() {}, info() {}, warn() {}, error() {} };
/** The site runs on loopback: allowed through the SSRF guard on its port only, as a test allows a fake elsewhere. */
const allowed = (signal?: AbortSignal) => mediaToolContext({ allowedHosts: [`127.0.0.1:${site.port}`], signal });
const browse = async (input: string, context = allowed()) => {
  const [part] = await (await webBrowserToolPlugin.setup({ settings: {}, log })).execute({ input }, context);
  return part?.type === 'text' ? part.text : '';
};

beforeAll(async () => {
  site = await startFakeWebSite();
});
afterAll(() => site.close());

describe('the web-browser tool', () => {
  it('is LibreChat\'s `web-browser` ("Browser"), keeping the OPENAI_API_KEY field it does not need', async () => {
    const tool = await webBrowserToolPlugin.setup({ settings: {}, log });
    expect(tool.name).toBe('web-browser');
    expect(tool.manifest).toMatchObject({ displayName: 'Browser', credentials: [{ authField: 'OPENAI_API_KEY', label: 'OpenAI API Key' }] });
    expect(tool.manifest.summary).toMatch(/Needs no key in chatbox/);
  });

  it('answers a page\'s readable text: title, article paragraphs and list, without scripts, styles, navigation, asides or footers', async () => {
    // With no credential at all: the OPENAI_API_KEY field is LibreChat's, the tool does not need it.
    const text = await browse(`${site.url}/article`);
    expect(text).toBe(
      [
        'Title: Lighthouses & Their Keepers',
        `URL: ${site.url}/article`,
        "The page's text:",
        '',
        'Lighthouses of the North',
        '',
        'The first lighthouse on this coast was lit in 1821 — its lamp burned whale oil.',
        '',
        'Keepers lived on site\nwith their families.',
        '',
        '- Fog horns',
        '',
        '- Lenses “Fresnel” — 1823',
      ].join('\n'),
    );
  });

  it('answers the passages relevant to the question from a long page, within its budget', async () => {
    const text = await browse(`"${site.url}/long","Where does the zebra migration cross?"`);
    expect(text).toContain('The passages of the page relevant to "Where does the zebra migration cross?"');
    expect(text).toContain(zebraParagraph);
    expect(text.length).toBeLessThan(defaultWebBrowserLimits.maxAnswerChars + 300);
    const summary = await browse(`${site.url}/long`);
    expect(summary).toContain("The beginning of the page's text");
    expect(summary).not.toContain('zebra');
    expect(summary.length).toBeLessThan(defaultWebBrowserLimits.maxAnswerChars + 300);
  });

  it('reads plain text and Latin-1 pages, and follows a redirect on the same site', async () => {
    expect(await browse(`${site.url}/plain`)).toBe(`URL: ${site.url}/plain\nThe page's text:\n\nPlain text\n\nwith lines.`);
    expect(await browse(`${site.url}/latin1`)).toContain('Café crème');
    expect(await browse(`${site.url}/redirect-article`)).toContain('Title: Lighthouses & Their Keepers');
  });

  it('says when a page has no readable text', async () => {
    expect(await browse(`${site.url}/empty`)).toMatch(/has no readable text/);
  });

  it('refuses loopback, private and metadata addresses, also behind a redirect', async () => {
    const before = site.requests.filter((request) => request.path === '/article').length;
    await expect(browse(`${site.url}/article`, mediaToolContext())).rejects.toThrow(/^could not reach .*: 127\.0\.0\.1 is a private address/);
    await expect(browse('http://169.254.169.254/latest/meta-data/')).rejects.toThrow(/private address/);
    await expect(browse('http://10.1.2.3/')).rejects.toThrow(/private address/);
    await expect(browse(`${site.url}/redirect-loopback`)).rejects.toThrow(/localhost.*private address|private address/);
    await expect(browse(`${site.url}/redirect-metadata`)).rejects.toThrow(/169\.254\.169\.254 is a private address/);
    expect(site.requests.filter((request) => request.path === '/article').length).toBe(before);
  });

  it('refuses what is not a page, a page larger than it reads, and error answers', async () => {
    await expect(browse(`${site.url}/image`)).rejects.toThrow(/is image\/png, not a web page or text/);
    await expect(browse(`${site.url}/huge`)).rejects.toThrow('the page is larger than 2048 KB');
    await expect(browse(`${site.url}/error`)).rejects.toThrow(/answered HTTP 500/);
    await expect(browse(`${site.url}/nothing-here`)).rejects.toThrow(/answered HTTP 404/);
    await expect(browse('ftp://example.com/file')).rejects.toThrow(/must start with one http\(s\) URL/);
    await expect(browse('what is the weather')).rejects.toThrow(/must start with one http\(s\) URL/);
  });

  it('gives up on a page that does not answer in time', async () => {
    const quick = createWebBrowserTool({ ...defaultWebBrowserLimits, timeoutMs: 200 });
    await expect(quick.execute({ input: `${site.url}/slow` }, allowed())).rejects.toThrow(`${site.url}/slow did not answer within 0.2 s`);
  });

  it('stops the request when its signal fires', async () => {
    const controller = new AbortController();
    const before = site.abandoned;
    const running = browse(`${site.url}/slow`, allowed(controller.signal));
    await expect.poll(() => site.requests.filter((request) => request.path === '/slow').length).toBeGreaterThan(0);
    controller.abort();
    await expect(running).rejects.toThrow();
    await expect.poll(() => site.abandoned).toBeGreaterThan(before);
  });
});

describe('parseBrowserInput', () => {
  it.each([
    ['https://a.example/x', { url: 'https://a.example/x', question: '' }],
    ['https://a.example/x,who wrote it?', { url: 'https://a.example/x', question: 'who wrote it?' }],
    ['"https://a.example/x","who wrote it, and when?"', { url: 'https://a.example/x', question: 'who wrote it, and when?' }],
    ['  "https://a.example/x" , "" ', { url: 'https://a.example/x', question: '' }],
  ])('reads %j', (input, expected) => expect(parseBrowserInput(input)).toEqual(expected));
});

describe('htmlToText', () => {
  it('takes <main> when there is no <article>, and the body otherwise', () => {
    expect(htmlToText('<body><nav>menu</nav><main><p>content</p></main><p>outside</p></body>').text).toBe('content');
    expect(htmlToText('<body><p>one</p><p>two &lt;b&gt; &#65;&unknown;</p></body>').text).toBe('one\n\ntwo <b> A&unknown;');
  });
});
