// HTTP adapter for profile edits and the field checks of accounts §7.
import {
  bioValidationBody,
  bioValidationResponse,
  buildUpdateProfileBody,
  checkUsernameBody,
  checkUsernameResponse,
  favoriteThingValidationBody,
  favoriteThingValidationResponse,
  MESSAGES,
  meResponse,
  postalValidateBody,
  postalValidateResponse,
  updateProfileResponse,
  usernameValidationBody,
  usernameValidationResponse,
} from '@bidboard/shared';
import { checkBio, checkFavoriteAnswer, checkUsername } from '../../lib/content-check';
import type { ServiceContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { presentMember } from '../users/present-member';
import { lookupPostalCode } from './postal-lookup';
import { updateProfile, usernameTaken } from './profile.service';

const errors = errorResponses(400, 401);

export async function profileRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  const member = { onRequest: app.requireMember };
  // The birth date is checked on the product's clock (the New York day of ctx.clock), the
  // one a test moves across the UTC day boundary.
  const updateProfileBody = buildUpdateProfileBody(ctx.clock);
  // The spec names both paths for the same edit.
  for (const [method, url] of [
    ['POST', '/auth/update-profile'],
    ['PUT', '/auth/profile'],
  ] as const) {
    app.route({
      method,
      url,
      ...member,
      schema: {
        tags: ['profile'],
        body: updateProfileBody,
        response: { 200: updateProfileResponse, ...errors },
      },
      handler: async (request) => {
        const saved = await updateProfile(ctx, request.member!.id, request.body);
        return {
          success: true,
          message: MESSAGES.profileUpdated,
          user: await presentMember(ctx, saved),
        };
      },
    });
  }
  app.get(
    '/auth/profile',
    { ...member, schema: { tags: ['profile'], response: { 200: meResponse, ...errors } } },
    async (request) => ({
      user: await presentMember(ctx, request.member!),
    }),
  );

  app.post(
    '/auth/username-validation',
    {
      ...member,
      schema: {
        tags: ['profile'],
        body: usernameValidationBody,
        response: { 200: usernameValidationResponse, ...errors },
      },
    },
    async (request) => {
      const { isValid, reason } = checkUsername(request.body.username);
      return { success: true, isValid, reason };
    },
  );
  app.post(
    '/auth/favorite-thing-validation',
    {
      ...member,
      schema: {
        tags: ['profile'],
        body: favoriteThingValidationBody,
        response: { 200: favoriteThingValidationResponse, ...errors },
      },
    },
    async (request) => ({
      success: true,
      ...checkFavoriteAnswer(request.body.favorite_thing, request.body.answer),
    }),
  );
  app.post(
    '/auth/bio-validation',
    {
      ...member,
      schema: {
        tags: ['profile'],
        body: bioValidationBody,
        response: { 200: bioValidationResponse, ...errors },
      },
    },
    async (request) => {
      const { isValid, reason } = checkBio(request.body.bio);
      return { success: true, isValid, reason };
    },
  );
  app.post(
    '/auth/check-username',
    {
      ...member,
      schema: {
        tags: ['profile'],
        body: checkUsernameBody,
        response: { 200: checkUsernameResponse, ...errors },
      },
    },
    async (request) => {
      const exists = await usernameTaken(ctx.db, request.body.username.trim(), request.member!.id);
      return { available: !exists, exists };
    },
  );
  app.post(
    '/postal/validate',
    {
      schema: {
        tags: ['profile'],
        body: postalValidateBody,
        response: { 200: postalValidateResponse, ...errors },
      },
    },
    async (request) => {
      const place = lookupPostalCode(request.body.postal_code);
      if (!place.ok) throw badRequest('VALIDATION', place.message);
      return { success: true, data: place.value };
    },
  );
}
