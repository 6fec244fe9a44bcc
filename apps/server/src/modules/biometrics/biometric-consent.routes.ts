// HTTP adapter for biometric consent: the member's decision and what the consent screen
// states, agreeing or declining, and withdrawing; and the public retention policy's numbers.
import {
  biometricConsentBody,
  biometricConsentState,
  biometricPolicyResponse,
} from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import {
  biometricPolicy,
  biometricConsentState as consentState,
  decideBiometricConsent,
  withdrawBiometricConsent,
} from './biometric-consent.service';

const errors = errorResponses(400, 401);
const tags = ['privacy'];

export async function biometricConsentRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  const member = { onRequest: app.requireMember };
  // Public: the policy page is for anyone, before joining too.
  app.get(
    '/biometric-policy',
    { schema: { tags, response: { 200: biometricPolicyResponse } } },
    async () => biometricPolicy(ctx),
  );
  app.get(
    '/biometric-consent',
    { ...member, schema: { tags, response: { 200: biometricConsentState, ...errors } } },
    async (request) => consentState(ctx, request.member!.id),
  );
  app.post(
    '/biometric-consent',
    {
      ...member,
      schema: {
        tags,
        body: biometricConsentBody,
        response: { 200: biometricConsentState, ...errors },
      },
    },
    async (request) => decideBiometricConsent(ctx, request.member!.id, request.body),
  );
  app.post(
    '/biometric-consent/withdraw',
    { ...member, schema: { tags, response: { 200: biometricConsentState, ...errors } } },
    async (request) => withdrawBiometricConsent(ctx, request.member!.id),
  );
}
