import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { fail, MESSAGES } from './http/envelope';

/** Files the web app ships; a route like `/do/appearance.language` is not one of them. */
const STATIC_FILE = /\.(js|mjs|css|map|html|json|txt|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|otf|pdf|wasm)$/i;

/**
 * Serves the built web app at `/`: hashed assets are cached for good, index.html never, and any
 * other non-API, non-asset path gets index.html (history-mode routing). Unknown API paths get
 * the 404 envelope.
 */
export async function installWebApp(app: FastifyInstance, options: { webRoot: string; basePath: string }): Promise<void> {
  const indexFile = path.join(options.webRoot, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: options.webRoot,
      prefix: '/',
      index: ['index.html'],
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === options.basePath || url.startsWith(`${options.basePath}/`)) {
      return reply.status(404).send(fail(404, MESSAGES.notFound));
    }
    const isAsset = url.startsWith('/assets/') || STATIC_FILE.test(url);
    if (isAsset || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    if (!built) {
      return reply.status(503).type('text/plain; charset=utf-8').send('网页尚未构建：请先运行 npm run build (the web app is not built yet)');
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
