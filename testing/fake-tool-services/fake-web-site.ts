import { startMediaFake, testPng, type MediaFake } from './media-fake-server.js';

/** The paragraph of /long the question "zebra migration" must find, far past the answer budget. */
export const zebraParagraph = 'The zebra migration crosses the Mara river every August, followed by the wildebeest.';

const article = `<!doctype html>
<html><head><meta charset="utf-8"><title>Lighthouses &amp; Their Keepers</title>
<style>body { color: red }</style><script>window.secret = "do not read";</script></head>
<body>
<header><nav><a href="/">Home</a> <a href="/about">About us</a></nav></header>
<!-- a comment the reader never sees -->
<article>
<h1>Lighthouses of the North</h1>
<p>The first lighthouse on this coast was lit in 1821&nbsp;&mdash; its lamp burned whale oil.</p>
<p>Keepers lived on site<br>with their families.</p>
<ul><li>Fog horns</li><li>Lenses &#8220;Fresnel&#8221; &#x2014; 1823</li></ul>
</article>
<aside>Subscribe to our newsletter</aside>
<footer>Copyright 2024</footer>
</body></html>`;

function longPage(): string {
  const filler = Array.from({ length: 400 }, (_, index) => `<p>Paragraph ${index} is about savanna grasses and the rains of season ${index}.</p>`);
  filler.splice(300, 0, `<p>${zebraParagraph}</p>`);
  return `<html><head><title>The Savanna</title></head><body><main>${filler.join('\n')}</main></body></html>`;
}

/**
 * Test fixture: a web site for the browser tool: an article page with page furniture, a long page,
 * plain text, a Latin-1 page, an image, a page larger than the tool reads, a page that never
 * answers, errors, and redirects to addresses the SSRF guard refuses (loopback by name, the cloud
 * metadata service).
 */
export async function startFakeWebSite(): Promise<MediaFake> {
  const png = await testPng();
  let site!: MediaFake;
  site = await startMediaFake(async (request, response) => {
    const html = (body: string | Buffer, type = 'text/html; charset=utf-8'): void => void response.writeHead(200, { 'content-type': type }).end(body);
    switch (request.path) {
      case '/article':
        return html(article);
      case '/long':
        return html(longPage());
      case '/plain':
        return html('Plain   text\n\n\n\nwith lines.', 'text/plain');
      case '/latin1':
        return html(Buffer.from('<html><body><p>Caf\xe9 cr\xe8me</p></body></html>', 'latin1'), 'text/html; charset=iso-8859-1');
      case '/image':
        return html(png, 'image/png');
      case '/empty':
        return html('<html><body><script>render()</script><div id="root"></div></body></html>');
      case '/huge': {
        // Chunked, without a Content-Length: only counting the bytes read can stop it.
        response.writeHead(200, { 'content-type': 'text/html' });
        const chunk = `<p>${'x'.repeat(64 * 1024)}</p>`;
        for (let sent = 0; sent < 4 * 1024 * 1024 && !response.destroyed; sent += chunk.length) {
          if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
        }
        return void response.end();
      }
      case '/slow':
        return;
      case '/error':
        return void response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
      case '/redirect-loopback':
        return void response.writeHead(302, { location: `http://localhost:${site.port}/article` }).end();
      case '/redirect-metadata':
        return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      case '/redirect-article':
        return void response.writeHead(301, { location: '/article' }).end();
      default:
        return void response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
    }
  });
  return site;
}
