import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>chatbox</title></head>
<body>
<h1>chatbox is running</h1>
<p>The API answers under <code>/api</code>, but the web UI has not been built in this installation.</p>
<p>From a source checkout, run <code>npm run build</code> and restart <code>chatbox serve</code>.</p>
</body></html>`;

const isPageRequest = (request: FastifyRequest) =>
  request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/oauth/') && request.url !== '/health';

/**
 * Serves ui/dist with an SPA fallback: any GET outside /api that is not a file answers index.html,
 * so /c/<id> and /login load the app. Without a build, a plain page explains how to make one.
 */
export const uiPlugin = fp<{ distDir: string }>(
  async (app: FastifyInstance, { distDir }) => {
    const built = existsSync(join(distDir, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // Vite names assets by content hash, so they never change under the same URL. The tool icons
        // (ui/public/assets/tools, GET /api/plugins `icon`) keep their names: cached for a day only.
        setHeaders: (response, path) => {
          if (path.includes(join('assets', 'tools', ''))) response.header('cache-control', 'public, max-age=86400');
          else if (path.includes(`${join('assets', '')}`)) response.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }
    const sendPage = (reply: FastifyReply) =>
      built
        ? reply.header('cache-control', 'no-cache').sendFile('index.html')
        : reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);

    app.setNotFoundHandler((request, reply) => {
      if (isPageRequest(request)) return sendPage(reply);
      return reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'not_found' });
    });
  },
  { name: 'chatbox-ui' },
);
