import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** Pages whose code is a chunk fetched on demand (an area), and the source file of that chunk. */
export interface PageArea {
  /** Client paths of one segment, e.g. `/business`: each gets `<segment>.html`. */
  paths: readonly string[];
  /** The area's module as the router imports it, relative to the web app's root. */
  area: string;
}

const ONE_SEGMENT = /^\/[a-z0-9-]+$/;

/**
 * Writes, beside `index.html`, a copy of it for each page of an on-demand area (`business.html`
 * for `/business`) that also preloads the area's chunk and the chunks it imports. The server
 * sends that copy for the page's path (`index.html` for every other path). Without it the
 * browser learns about the area's chunk only once the entry has run, one more round trip before
 * the page can be drawn (issue 14, decision 021). The file names are the hashed ones of this
 * build; the links are Vite's own form (`crossorigin`, the same origin as the scripts, so the
 * site's CSP allows them).
 */
export function pageHtml(pages: readonly PageArea[]): Plugin {
  let root = '';
  return {
    name: 'wheelmeet:page-html',
    apply: 'build',
    // After Vite's HTML plugin has put index.html in the bundle; the precompress plugin, at
    // closeBundle, then compresses these files too.
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('page-html: the build has no index.html');
      const indexHtml = String(index.source);
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('page-html: the build has no entry chunk');
      // index.html preloads these already.
      const inIndex = staticClosure(bundle, entry.fileName);
      for (const { paths, area } of pages) {
        const areaId = `${root}/${area}`.replaceAll('\\', '/');
        const areaChunk = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/') === areaId);
        if (!areaChunk) throw new Error(`page-html: no chunk for ${area}`);
        const preloads = [...staticClosure(bundle, areaChunk.fileName)].filter((file) => !inIndex.has(file));
        const links = preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        const html = indexHtml.replace(
          /\n(\s*)<\/head>/,
          (_match, indent: string) =>
            `\n${links.map((link) => `${indent}  ${link}\n`).join('')}${indent}</head>`,
        );
        for (const pagePath of paths) {
          if (!ONE_SEGMENT.test(pagePath))
            throw new Error(`page-html: ${pagePath} is not a one-segment path`);
          this.emitFile({ type: 'asset', fileName: `${pagePath.slice(1)}.html`, source: html });
        }
      }
    },
  };
}

/** A chunk's file and every chunk it imports statically, transitively. */
function staticClosure(bundle: OutputBundle, fileName: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const output = bundle[file];
    if (output?.type === 'chunk') for (const imported of output.imports) visit(imported);
  };
  visit(fileName);
  return seen;
}
