import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Keywords that only restrict values. Writing JSON never needs them; kept, they would make
 * fast-json-stringify check every nullable field against them (a uuid or date pattern) just
 * to pick between a value and null. Date formats stay: they turn a Date into its ISO text.
 */
const RESTRICTIONS = new Set([
  '$schema',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
]);
const DATE_FORMATS = new Set(['date-time', 'date', 'time']);

const isNull = (schema: unknown) => (schema as JsonSchema | undefined)?.type === 'null';

/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
/** Keywords whose value is data or names, never a schema. */
const DATA = new Set(['const', 'enum', 'default', 'examples', 'required', 'type', 'description', 'title']);

/** The contract's JSON Schema as fast-json-stringify needs it to write the same JSON quickly. */
export function forSerialising(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerialising);
  if (schema === null || typeof schema !== 'object') return schema;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (RESTRICTIONS.has(key)) continue;
    if (key === 'format' && !DATE_FORMATS.has(value as string)) continue;
    if (key === 'additionalProperties' && value === false) continue;
    if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object')
      result[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, forSerialising(sub)]),
      );
    else result[key] = DATA.has(key) ? value : forSerialising(value);
  }
  // `X | null` where X is a plain typed schema: one type list instead of a choice to validate.
  const options = result.anyOf;
  if (Array.isArray(options) && options.length === 2 && options.some(isNull)) {
    const other = options.find((option) => !isNull(option)) as JsonSchema | undefined;
    if (other && typeof other.type === 'string' && !('$ref' in other) && !('anyOf' in other)) {
      const { anyOf: _, ...rest } = result;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  // A discriminated union: choose by the discriminator alone, not by validating whole options.
  const union = (result.oneOf ?? result.anyOf) as JsonSchema[] | undefined;
  const discriminator = union && discriminatorOf(union);
  if (union && discriminator) {
    const { oneOf: _one, anyOf: _any, ...rest } = result;
    return { ...rest, ...byDiscriminator(union, discriminator) };
  }
  return result;
}

const constOf = (option: JsonSchema, property: string) =>
  (option.properties as Record<string, JsonSchema> | undefined)?.[property]?.const;

/** The property every option of a union fixes to its own constant, if there is one. */
function discriminatorOf(options: JsonSchema[]): string | undefined {
  const [first] = options;
  if (options.length < 2 || !first?.properties || options.some((option) => option.type !== 'object'))
    return undefined;
  return Object.keys(first.properties).find((property) => {
    const values = options.map((option) => constOf(option, property));
    return values.every((value) => value !== undefined) && new Set(values).size === values.length;
  });
}

/**
 * if/then/else on the discriminator. An answer whose discriminator matches no earlier option
 * is written as the last one, with only that option's properties (a required one missing fails).
 */
function byDiscriminator(options: JsonSchema[], discriminator: string): JsonSchema {
  const [option, ...others] = options;
  if (!option || others.length === 0) return option ?? {};
  return {
    type: 'object',
    if: {
      type: 'object',
      properties: { [discriminator]: { const: constOf(option, discriminator) } },
      required: [discriminator],
    },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, a plain object never awaited
    then: option,
    else: byDiscriminator(others, discriminator),
  };
}

/**
 * A serializer compiler for routes whose answers are read often: fast-json-stringify from the
 * contract's JSON Schema (zod 4's own conversion, the one the OpenAPI document uses), instead of
 * validating each answer with zod and then JSON.stringify. It writes the same JSON: the
 * schema's properties in the schema's order, nothing else (unknown properties are dropped, as
 * zod drops them). It does not check formats or bounds on the way out; the contract tests
 * parse these answers with the contract schemas. A schema JSON Schema cannot express (a
 * transform, a date) keeps zod's serializer.
 *
 * Each object is written once: answered again (a cached plan list, the same wheel), its JSON
 * is reused. So a route using this compiler must never change an object it has answered with.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema instanceof z.ZodType ? route.schema : undefined;
  const zodSerializer = () => zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  if (!schema) return zodSerializer();
  let jsonSchema: unknown;
  try {
    // An empty registry: schemas named for the OpenAPI document are written in place, not as
    // $refs, so a nullable object becomes one type list too.
    jsonSchema = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-07',
      unrepresentable: 'throw',
      metadata: z.registry(),
    });
  } catch {
    return zodSerializer();
  }
  const serialise = fastJson(forSerialising(jsonSchema) as Parameters<typeof fastJson>[0]);
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    if (data === null || typeof data !== 'object') return serialise(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialise(data);
      written.set(data, json);
    }
    return json;
  };
};
