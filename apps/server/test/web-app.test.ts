import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './support/databases';
import { startTestApp, type TestApp } from './support/test-app';

// Serving files does not depend on the database: SQLite only.
const sqlite = TEST_DIALECTS.find((dialect) => dialect.name === 'sqlite');

const ASSET = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const INDEX = `<!doctype html><title>WheelMeet</title><div id="root"></div>${'<!-- padding -->'.repeat(50)}`;
/** What the build writes for /business: index.html that also preloads the marketing chunk. */
const BUSINESS = INDEX.replace(
  '<title>',
  '<link rel="modulepreload" crossorigin href="/assets/marketing-area-1234.js"><title>',
);

/** A web build as `vite build` leaves it: each text file with its `.br` and `.gz` beside it. */
function writeWebBuild(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  for (const [file, content] of [
    ['assets/app-1234.js', ASSET],
    ['index.html', INDEX],
    ['business.html', BUSINESS],
  ] as const) {
    writeFileSync(path.join(dir, file), content);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content));
  }
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');
}

describe('web app files', () => {
  let t: TestApp;
  const webDistDir = mkdtempSync(path.join(tmpdir(), 'wheelmeet-web-build-'));
  beforeAll(async () => {
    if (!sqlite) throw new Error('no SQLite dialect');
    writeWebBuild(webDistDir);
    t = await startTestApp(sqlite, { env: { WEB_DIST_DIR: webDistDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a hashed asset as brotli to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/app-1234.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ASSET);
  });

  it('sends gzip to a browser that accepts only gzip', async () => {
    const response = await get('/assets/app-1234.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe(ASSET);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    const response = await get('/assets/app-1234.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.body).toBe(ASSET);
  });

  it('compresses index.html, also as the answer for a client route, never cached', async () => {
    for (const url of ['/', '/wheel/abc', '/admin/dashboard']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('sends a page the build wrote its own HTML for that HTML, compressed and never cached', async () => {
    const response = await get('/business', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BUSINESS);
    expect((await get('/business?ref=mail')).body).toBe(BUSINESS);
  });

  it('sends every other page index.html, without the marketing preload', async () => {
    for (const url of ['/', '/wheel', '/admin/login', '/business/extra', '/features']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });

  it('does not serve the build manifest', async () => {
    const response = await get('/.vite/manifest.json');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toBe(INDEX);
  });
});
