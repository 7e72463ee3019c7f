import type { Plugin } from 'vite';

/** A piece of a dependency's code the browser never runs, and how often it is expected. */
interface Cut {
  what: string;
  pattern: RegExp;
  count: 'one' | 'some';
}

/** Code taken out of one module of a dependency, and why the browser can do without it. */
interface Trim {
  module: RegExp;
  cuts: Cut[];
}

const TRIMS: Trim[] = [
  {
    // zod 4 attaches a JSON Schema converter to every schema it creates, so the browser
    // downloaded it with the contracts' schemas (4.9 KiB gzip of what `/` downloads first, issue
    // 37) although only the server makes JSON Schema (its OpenAPI document). Validation is
    // untouched (the unit tests run zod as it is).
    module: /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/,
    cuts: [
      {
        what: 'the JSON Schema processor of each schema type',
        pattern:
          /^[ \t]*inst\._zod\.processJSONSchema = \(ctx, json, params\) => processors\.\w+Processor\(inst, ctx, json, params\);\r?\n/gm,
        count: 'some',
      },
      {
        what: 'toJSONSchema()',
        pattern:
          /^[ \t]*toJSONSchema\(params\) \{\r?\n[ \t]*return createToJSONSchemaMethod\(this, \{\}\)\(params\);\r?\n[ \t]*\},\r?\n/gm,
        count: 'one',
      },
      {
        what: "the Standard Schema's jsonSchema",
        pattern:
          /^[ \t]*jsonSchema: \{\r?\n[ \t]*input: createStandardJSONSchemaMethod\(this, "input"\),\r?\n[ \t]*output: createStandardJSONSchemaMethod\(this, "output"\),\r?\n[ \t]*\},\r?\n/gm,
        count: 'one',
      },
    ],
  },
  {
    // Socket.IO's WebTransport transport, which the hub is never asked for (HUB_TRANSPORTS:
    // WebSocket, then long polling), is otherwise fetched with the live wheel on `/`.
    module: /[\\/]engine\.io-client[\\/]build[\\/]esm[\\/]transports[\\/]index\.js$/,
    cuts: [
      {
        what: 'the WebTransport import',
        pattern: /^import \{ WT \} from "\.\/webtransport\.js";\r?\n/gm,
        count: 'one',
      },
      { what: 'the webtransport entry', pattern: /^[ \t]*webtransport: WT,\r?\n/gm, count: 'one' },
    ],
  },
];

/**
 * Takes out of the web build code of its dependencies that a browser never runs (TRIMS says
 * what and why). A release of one of them that changed that code fails the build here, rather
 * than quietly bringing the code back or cutting something else.
 */
export function trimDependencies(): Plugin {
  return {
    name: 'wheelmeet:trim-dependencies',
    apply: 'build',
    transform: {
      filter: { id: TRIMS.map((trim) => trim.module) },
      handler(code, id) {
        const trim = TRIMS.find((candidate) => candidate.module.test(id));
        if (!trim) return null;
        let trimmed = code;
        for (const { what, pattern, count } of trim.cuts) {
          const found = trimmed.match(pattern)?.length ?? 0;
          if (found === 0 || (count === 'one' && found !== 1)) {
            throw new Error(`trim-dependencies: ${what} not found as expected in ${id} (${found} matches)`);
          }
          trimmed = trimmed.replace(pattern, '');
        }
        return { code: trimmed, map: null };
      },
    },
  };
}
