import type { Plugin } from 'vite';

/** The one module of zod that ties every schema to its JSON Schema converter. */
const CLASSIC_SCHEMAS = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;

/**
 * What the transform takes out of zod's classic schemas, each expected `count` times: the per-type
 * JSON Schema processor, `schema.toJSONSchema()` and the Standard Schema `jsonSchema` property.
 */
const CUTS: { what: string; pattern: RegExp; count: 'one' | 'some' }[] = [
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
];

/**
 * zod 4 attaches a JSON Schema converter to every schema it creates, so the browser downloaded
 * it with the contracts' schemas (about 5 KiB gzip of the participant page's first download,
 * issue 37) although only the server makes JSON Schema (its OpenAPI document). The web build
 * leaves it out; validation is untouched (the unit tests run zod as it is). A zod release that
 * changed this code fails the build here rather than quietly bringing the converter back.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'wheelmeet:zod-without-json-schema',
    apply: 'build',
    transform: {
      filter: { id: CLASSIC_SCHEMAS },
      handler(code) {
        let cut = code;
        for (const { what, pattern, count } of CUTS) {
          const found = cut.match(pattern)?.length ?? 0;
          if (found === 0 || (count === 'one' && found !== 1)) {
            throw new Error(
              `zod-without-json-schema: ${what} not found as expected in zod (${found} matches)`,
            );
          }
          cut = cut.replace(pattern, '');
        }
        return { code: cut, map: null };
      },
    },
  };
}
