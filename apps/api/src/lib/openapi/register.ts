import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { adminRoleInfo, ANY_ADMIN } from '@letsema/domain';
import type { FastifyInstance, FastifySchema, FastifyServerOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoot } from '../../paths.js';
import { apiTags, BEARER, routeDoc } from './route-doc.js';
import { serializeFromSchema } from './serialize.js';

/** Where the description is answered, and where the reference page reads it. */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const zodToJsonConfig = { target: 'draft-2020-12' as const };
const describeZod = createJsonSchemaTransform({ skipList: [], zodToJsonConfig });
const describeComponents = createJsonSchemaTransformObject({ zodToJsonConfig });

const passInputThrough = () => (data: unknown) => ({ value: data });

/**
 * Fastify's schema compilers for this app (see `registerOpenApi`): input passes through, answers are
 * written from their schemas. Given to Fastify when it is made, they replace its defaults before
 * those are loaded: ajv and its formats, a tenth of a second of a first start, would compile nothing.
 */
export const appSchemaCompilers = {
  buildValidator: () => passInputThrough,
  buildSerializer: () => serializeFromSchema,
  // Fastify's types describe the factories of ajv and fast-json-stringify; it calls any factory alike.
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/**
 * Describes the API in OpenAPI 3.1 from the zod schemas each route declares, answers the
 * description at `/api/openapi.json` and a reference page at `/api/docs`. Register it before the
 * routes: it collects them as they are added.
 *
 * Routes keep validating their input in the handler with `parseInput` (its messages and `details`
 * are the contract), so the validator compiler passes input through unchanged. Answers are written
 * from the answer schemas (`serialize.ts`): what a schema does not name is not sent.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(passInputThrough);
  app.setSerializerCompiler(serializeFromSchema);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Letsema API',
        version: apiVersion(),
        description:
          'The API of Letsema, the web application of a member-owned savings and investment cooperative. ' +
          'Every JSON answer is the envelope `{success, data, error}`; failures add `code` and, for ' +
          'input that is not valid, `details` with the first message per field. Amounts are rand ' +
          'numbers with at most two decimals; instants are ISO 8601 in UTC. Admin calls name the role ' +
          'they need (`x-required-role`); the super admin holds every role.',
      },
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The token answered by sign-in; valid at most 12 hours, ended by sign-out',
          },
        },
      },
      tags: apiTags.map((tag) => ({ ...tag })),
    },
    transform(args) {
      // The web app's files (and the operator's metrics) are served beside the API, not part of it.
      if (!args.url.startsWith('/api/')) return { schema: { hide: true }, url: args.url };
      const described = describeZod(args);
      const schema = described.schema as (FastifySchema & Record<string, unknown>) | undefined;
      if (!schema || schema.hide) return described;
      const permission = args.route.config?.permission;
      if (permission) {
        schema['x-required-role'] = permission;
        const who =
          permission === ANY_ADMIN
            ? 'Any admin may call it.'
            : `Needs the admin role \`${permission}\` (${adminRoleInfo[permission].label}).`;
        schema.description = schema.description ? `${who}\n\n${schema.description}` : who;
      }
      return described;
    },
    transformObject: (documentObject) => {
      const document = describeComponents(documentObject);
      dropUnusedSchemas(document as { components?: { schemas?: Record<string, unknown> } });
      return document;
    },
  });

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: { title: 'Letsema API' },
    // The plain layout: no bar for loading other descriptions.
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0, layout: 'BaseLayout' },
  });

  app.get(
    OPENAPI_PATH,
    {
      schema: routeDoc({
        tag: 'Documentation',
        summary: 'This description of the API (OpenAPI 3.1)',
        description: 'Answered as it is, without the envelope, so tools read it directly.',
        isPublic: true,
        bare: z.looseObject({
          openapi: z.string().regex(/^3\.1\.\d+$/),
          info: z.looseObject({ title: z.string(), version: z.string() }),
          paths: z.record(z.string(), z.unknown()),
        }),
        dataDescription: 'The OpenAPI 3.1 document',
      }),
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}

/**
 * Named schemas are written once under components and referred to; the input form of a schema
 * only used in answers (and the other way round) is left out.
 */
function dropUnusedSchemas(document: { components?: { schemas?: Record<string, unknown> } }): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const used = new Set<string>();
  const visit = (text: string) => {
    for (const match of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      const name = match[1]!;
      if (used.has(name)) continue;
      used.add(name);
      visit(JSON.stringify(schemas[name] ?? null));
    }
  };
  visit(JSON.stringify({ ...document, components: { ...document.components, schemas: {} } }));
  document.components!.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
}

function apiVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}
