import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler';

const API_PREFIXES = ['/api/', '/hubs/'];
/** Paths the server keeps for itself even when they are off (like /metrics): never the web app's. */
const SERVER_PATHS = ['/api', '/metrics'];
const isApiPath = (url: string) =>
  SERVER_PATHS.includes(url) || API_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * The HTML files the build wrote for one page (`business.html` for `/business`): index.html plus
 * a preload of the page's on-demand chunk (decision 021). Listed once at start-up.
 */
function pageHtmlFiles(webDistDir: string): Set<string> {
  return new Set(readdirSync(webDistDir).filter((file) => file.endsWith('.html') && file !== 'index.html'));
}

/**
 * Serves the built web app. Hashed assets are cached for a year; every other non-API path
 * gets index.html (never cached) so the client router decides what to show — or, for a page the
 * build wrote its own HTML for (`/business` → `business.html`), that file, which also preloads
 * the page's code. Unknown API paths answer with the JSON error model instead.
 *
 * Text files are sent compressed: the build writes a `.br` and a `.gz` beside each one, and the
 * variant the browser accepts is sent as it is (`Vary: Accept-Encoding`), so nothing is
 * compressed per request. API answers are not compressed: they are small, and compressing
 * each one would cost the read path more than it saves on the wire (decision 012).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  const pageFiles = hasWebApp ? pageHtmlFiles(webDistDir) : new Set<string>();
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: ['index.html'],
      preCompressed: true,
      // dist/.vite holds the build manifest, for the bundle budget: not for browsers.
      dotfiles: 'ignore',
      setHeaders: (reply, filePath) => {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built; only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url);
    if (wantsPage && hasWebApp) {
      const pageFile = `${url.slice(1)}.html`;
      const html = pageFiles.has(pageFile) ? pageFile : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(html);
    }
    return sendError(reply, 404, {
      code: 'not_found',
      message: wantsPage
        ? 'The web app is not built. Run `npm run build` and restart.'
        : `No route for ${request.method} ${url}`,
    });
  });
}
