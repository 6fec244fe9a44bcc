// HTTP adapter for sign-in and session calls (accounts §7).
import {
  checkPhoneBody,
  checkPhoneResponse,
  checkReferralBody,
  checkReferralResponse,
  DEVICE_ID_HEADER,
  deviceIdHeader,
  loginResponse,
  logoutResponse,
  MESSAGES,
  meResponse,
  phoneValidateBody,
  phoneValidateResponse,
  referralRewardBody,
  referralRewardResponse,
  registerBody,
  requestOtpBody,
  requestOtpResponse,
  verifyOtpBody,
} from '@bidboard/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { presentUser } from '../users/user.presenter';
import {
  type AuthContext,
  checkReferral,
  handleReferralReward,
  phoneNumberExists,
  signInWithCode,
} from './auth.service';
import { requestCode } from './otp.service';
import { requirePhone, validatePhone } from './phone';
import { revokeSession } from './session.service';

const errors = errorResponses(400, 401, 404, 429);

export async function authRoutes(app: FastifyZodApp, { ctx }: { ctx: AuthContext }) {
  // Sign-in calls get a tighter per-IP limit than the rest of the API.
  const otpRateLimit = {
    rateLimit: { max: ctx.config.OTP_ROUTE_MAX_PER_MINUTE, timeWindow: '1 minute' },
  };
  const signIn = async (
    request: FastifyRequest<{
      Body: z.infer<typeof verifyOtpBody>;
    }>,
  ) =>
    signInWithCode(ctx, {
      phone: requirePhone(request.body.phone_number),
      code: request.body.otp,
      referredBy: request.body.referred_by,
      userAgent: request.headers['user-agent'],
      ip: request.ip,
      deviceId: deviceIdHeader.parse(request.headers[DEVICE_ID_HEADER]),
      language: request.body.language,
      languageChosen: request.body.language_chosen,
    });

  app.post(
    '/auth/request-otp',
    {
      config: otpRateLimit,
      schema: {
        tags: ['auth'],
        body: requestOtpBody,
        response: { 200: requestOtpResponse, ...errors },
      },
    },
    async (request) =>
      requestCode(ctx, requirePhone(request.body.phone_number), request.ip, request.body.language),
  );
  app.post(
    '/auth/verify-otp',
    {
      config: otpRateLimit,
      schema: { tags: ['auth'], body: verifyOtpBody, response: { 200: loginResponse, ...errors } },
    },
    signIn,
  );
  app.post(
    '/auth/register',
    {
      config: otpRateLimit,
      schema: { tags: ['auth'], body: registerBody, response: { 200: loginResponse, ...errors } },
    },
    signIn,
  );
  app.post(
    '/auth/check-phone-number-exists',
    {
      config: otpRateLimit,
      schema: {
        tags: ['auth'],
        body: checkPhoneBody,
        response: { 200: checkPhoneResponse, ...errors },
      },
    },
    async (request) => phoneNumberExists(ctx, requirePhone(request.body.phone_number)),
  );
  app.post(
    '/phone/validate',
    {
      schema: {
        tags: ['auth'],
        body: phoneValidateBody,
        response: { 200: phoneValidateResponse, ...errors },
      },
    },
    async (request) => {
      const { valid, message } = validatePhone(request.body.phone);
      return { valid, message };
    },
  );
  app.post(
    '/auth/check-referral',
    {
      schema: {
        tags: ['auth'],
        body: checkReferralBody,
        response: { 200: checkReferralResponse, ...errors },
      },
    },
    async (request) => checkReferral(ctx, request.body.username),
  );
  app.get(
    '/auth/me',
    {
      onRequest: app.requireMember,
      schema: { tags: ['auth'], response: { 200: meResponse, ...errors } },
    },
    async (request) => ({ user: presentUser(request.member!) }),
  );
  app.post(
    '/auth/logout',
    {
      onRequest: app.requireMember,
      schema: { tags: ['auth'], response: { 200: logoutResponse, ...errors } },
    },
    async (request) => {
      const { sessionId } = request.session!;
      await revokeSession(ctx.db, sessionId, ctx.clock);
      await app.sessionsEnded.announce({ sessionId });
      return { success: true, message: MESSAGES.loggedOut };
    },
  );
  app.post(
    '/handleReferralReward',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['tokens'],
        body: referralRewardBody,
        response: { 200: referralRewardResponse, ...errors },
      },
    },
    async (request) =>
      handleReferralReward(
        ctx,
        { userId: request.member!.id, role: request.member!.role },
        request.body,
      ),
  );
}
