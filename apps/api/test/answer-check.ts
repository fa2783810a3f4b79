import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** One answer that its call's description does not allow. */
export interface AnswerMismatch {
  call: string;
  status: number;
  problem: string;
}

interface MediaType {
  schema?: object;
}
interface Operation {
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: object;
}

/** The path of a Fastify route as the OpenAPI document writes it: `:id` is `{id}`, `*` is `{*}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace('*', '{*}');
}

/**
 * Checks every answer of `app` against the OpenAPI description of its call: the call and its
 * status must be described, the content type listed, and a JSON body must match the described
 * schema (no field it does not name). Mismatches are collected, not thrown, so the request still
 * gets its answer; `assertAllMatched` fails with the list.
 */
export function checkAnswers(app: FastifyInstance) {
  const mismatches: AnswerMismatch[] = [];
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();
  let document: OpenApiDocument | undefined;

  function validatorFor(key: string, schema: object): ValidateFunction {
    let validate = validators.get(key);
    if (!validate) {
      // References point at #/components/schemas, so the components travel with the schema.
      validate = ajv.compile({ ...schema, components: document!.components });
      validators.set(key, validate);
    }
    return validate;
  }

  function check(request: FastifyRequest, reply: FastifyReply, payload: unknown): string | null {
    document ??= app.swagger() as unknown as OpenApiDocument;
    const url = request.routeOptions.url!;
    const method = request.method === 'HEAD' ? 'get' : request.method.toLowerCase();
    const operation = document.paths[openApiPath(url)]?.[method];
    if (!operation) return 'the call is not described';
    const status = String(reply.statusCode);
    const response = operation.responses?.[status] ?? operation.responses?.default;
    if (!response) return `status ${status} is not described`;
    const media = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]!
      .trim();
    if (!response.content) return media ? `an answer of ${media} where none is described` : null;
    const described = response.content[media] ?? response.content['*/*'];
    if (!described) return `content type ${media || '(none)'} is not described (${Object.keys(response.content)})`;
    if (media !== 'application/json' || !described.schema) return null;
    const text = bodyText(reply, payload);
    if (text === null) return null;
    const validate = validatorFor(`${method} ${url} ${status}`, described.schema);
    const body: unknown = JSON.parse(text);
    if (validate(body)) return null;
    return `${ajv.errorsText(validate.errors, { separator: '; ', dataVar: 'answer' })} in ${text.slice(0, 600)}`;
  }

  app.addHook('onSend', async (request, reply, payload) => {
    // Unknown paths (the not-found handler), the web app's files and the reference page's own files
    // are no calls of the API.
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/') || (request.routeOptions.schema as { hide?: boolean } | undefined)?.hide) {
      return payload;
    }
    const problem = check(request, reply, payload);
    if (problem) {
      mismatches.push({ call: `${request.method} ${request.routeOptions.url}`, status: reply.statusCode, problem });
    }
    return payload;
  });

  return {
    mismatches,
    /** Throws when any answer did not match its description. */
    assertAllMatched() {
      if (mismatches.length === 0) return;
      const counts = new Map<string, number>();
      for (const m of mismatches) {
        const line = `${m.call} -> ${m.status}: ${m.problem}`;
        counts.set(line, (counts.get(line) ?? 0) + 1);
      }
      const lines = [...counts].map(([line, n]) => (n > 1 ? `${line} (${n} times)` : line));
      throw new Error(`${mismatches.length} answers do not match the OpenAPI description:\n${lines.join('\n')}`);
    },
  };
}

/** The text of a JSON answer, uncompressed; null for a stream. */
function bodyText(reply: FastifyReply, payload: unknown): string | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const encoding = reply.getHeader('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}
