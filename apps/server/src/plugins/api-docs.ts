// The OpenAPI document built from the routes' zod schemas, and its UI at /api/docs. The
// document maps every route and field: in production, for operators only.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export default fp(
  async function apiDocsPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Bidboard API', version: '1.0.0' },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiHooks: { onRequest: (request) => app.requireOperator(request) },
    });
  },
  { name: 'api-docs', dependencies: ['auth'] },
);
