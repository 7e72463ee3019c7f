import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The organiser's own site: a page on another origin (127.0.0.1, while the app is on
 * localhost) that serves whatever snippet the test gives it.
 */
export async function startOrganiserSite(): Promise<{
  origin: string;
  show(snippet: string): void;
  close(): Promise<void>;
}> {
  let snippet = '';
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Campus Fair 2026</title>
<style>body{font-family:sans-serif;margin:0;padding:16px;background:#fef3c7}h1{margin:0 0 8px}</style></head>
<body><h1>Campus Fair 2026</h1><p>Meet other students on our networking wheel:</p>${snippet}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    show: (html) => {
      snippet = html;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
