// Admin API for business settings: GET /api/admin/settings and PUT /api/admin/settings.
import { businessSettingsPatch, businessSettingsResponse } from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { loadSettings, updateSettings } from './settings.service';

const errors = errorResponses(400, 401, 403);
const tags = ['admin'];

export async function settingsRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  app.get(
    '/admin/settings',
    {
      onRequest: app.requireAdmin,
      schema: { tags, response: { 200: businessSettingsResponse, ...errors } },
    },
    async () => ({ success: true as const, settings: await loadSettings(ctx.db, ctx.config) }),
  );
  app.put(
    '/admin/settings',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        body: businessSettingsPatch,
        response: { 200: businessSettingsResponse, ...errors },
      },
    },
    async (request) => {
      const { after } = await updateSettings(ctx.db, ctx.config, request.body, request.member!.id);
      return { success: true as const, settings: after };
    },
  );
}
