import { createRequire } from 'node:module';
import type { FastifySerializerCompiler } from 'fastify';
import type FastJson from 'fast-json-stringify';
import { z } from 'zod';

// Loaded with the first answer compiled rather than at start, where it was a tenth of a second of a
// first start's CPU and compiled nothing.
let fastJson: typeof FastJson | undefined;
const loadFastJson = () => (fastJson ??= createRequire(import.meta.url)('fast-json-stringify') as typeof FastJson);

type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;

const compiled = new WeakMap<object, Serialize>();

/**
 * Fastify's serializer compiler: each answer is written by fast-json-stringify from the JSON Schema
 * its zod answer schema yields (the one the OpenAPI description shows), so a field the schema does
 * not name never leaves the server, and a value of the wrong kind fails rather than being sent.
 *
 * Compiled on a route's first answer, not at start: the app has a few hundred answer schemas and
 * most of them are rarely answered. Shared schemas (the error envelope) are compiled once.
 */
export const serializeFromSchema: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (typeof schema !== 'object' || schema === null) return (data: unknown) => JSON.stringify(data);
  let serialize = compiled.get(schema);
  if (serialize) return serialize;
  let built: Serialize | undefined;
  serialize = (data: unknown) => (built ??= compileAnswer(schema))(data);
  compiled.set(schema, serialize);
  return serialize;
};

/** The serializer of one answer schema (zod, or already JSON Schema). */
export function compileAnswer(schema: object): Serialize {
  const json =
    schema instanceof z.ZodType
      ? // Without the registry of named schemas they are written in place: no \$ref to resolve.
        (z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', metadata: z.registry() }) as JsonSchema)
      : (schema as JsonSchema);
  return loadFastJson()(forSerializing(json) as Parameters<typeof FastJson>[0]);
}

/**
 * The same schema in the form fast-json-stringify writes fastest: `X or null` (zod's
 * `anyOf: [X, {type: 'null'}]`) becomes X marked `nullable`, which is a check for null; any other
 * `anyOf` makes it test each value against the options' schemas first.
 */
function forSerializing(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializing);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { $schema: _dialect, anyOf, ...rest } = schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(rest)) out[key] = forSerializing(value);
  if (!Array.isArray(anyOf)) return out;
  const options = anyOf as JsonSchema[];
  const other = options.filter((option) => option.type !== 'null');
  const [only] = other;
  if (options.length === 2 && other.length === 1 && typeof only?.type === 'string') {
    return { ...out, ...(forSerializing(only) as JsonSchema), nullable: true };
  }
  out.anyOf = forSerializing(options);
  return out;
}
