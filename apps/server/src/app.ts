// buildApp(config): registers plugins and modules; never listens.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { Registry } from 'prom-client';
import { createPaymentGateway } from './adapters/payments';
import type { PaymentGateway } from './adapters/payments/payments.port';
import { SandboxGateway } from './adapters/payments/sandbox/sandbox.gateway';
import { sandboxGatewayRoutes } from './adapters/payments/sandbox/sandbox.routes';
import { createPayoutProvider } from './adapters/payouts';
import type { PayoutProvider } from './adapters/payouts/payouts.port';
import { createPushSender, type PushNetworkOptions } from './adapters/push';
import type { PushSender } from './adapters/push/push.port';
import { createSmsSender } from './adapters/sms';
import { ConsoleSmsSender } from './adapters/sms/console.adapter';
import type { SmsSender } from './adapters/sms/sms.port';
import { createStorage } from './adapters/storage';
import { LocalStorage } from './adapters/storage/local.adapter';
import type { Storage } from './adapters/storage/storage.port';
import { LocalVision } from './adapters/vision/local-vision';
import type { Vision } from './adapters/vision/vision.port';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerBiometricRetentionSweeper } from './jobs/biometric-retention-sweep';
import { registerChatImageSweeper } from './jobs/chat-image-sweep';
import { registerConnectionSweeper } from './jobs/connection-sweep';
import { registerDateSweeper } from './jobs/date-sweep';
import { registerFraudNoticeJob } from './jobs/fraud-removal-notices';
import { registerOutboxWorker } from './jobs/notification-outbox';
import { registerPayoutSweeper } from './jobs/payout-submit';
import { registerPeriodSweeper } from './jobs/period-close';
import { registerRetentionSweeper } from './jobs/retention-sweep';
import { registerStorageDeletionSweeper } from './jobs/storage-deletion-sweep';
import { registerUploadSlotSweeper } from './jobs/upload-slot-sweep';
import { registerVisionJobs } from './jobs/vision-jobs';
import { type Clock, systemClock } from './lib/context';
import { flushErrorReports } from './lib/error-reporting';
import { bindRequestId } from './lib/log-context';
import { echoRequestId, loggingOptions } from './lib/logger';
import type { MovableClock } from './lib/movable-clock';
import { createPayeeIdCipher } from './lib/payee-id-cipher';
import { loadSecrets } from './lib/secrets';
import { flushTracing, tracingFastifyPlugin } from './lib/tracing';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { adminConsoleRoutes } from './modules/admin/admin-console.routes';
import { adminTokensRoutes } from './modules/admin/admin-tokens.routes';
import { adminEconomyRoutes } from './modules/admin/economy.routes';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { marketplaceRoutes } from './modules/auctions/marketplace.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import type { AuthContext } from './modules/auth/auth.service';
import { biometricConsentRoutes } from './modules/biometrics/biometric-consent.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import type { ChatContext } from './modules/chat/chat.service';
import { configRoutes } from './modules/config/config.routes';
import { connectionsRoutes } from './modules/connections/connections.routes';
import type { DatesContext } from './modules/dates/dates.context';
import { datesRoutes } from './modules/dates/dates.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { filesRoutes } from './modules/media/files.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { adminPayeesRoutes } from './modules/payees/admin-payees.routes';
import { payeesRoutes } from './modules/payees/payees.routes';
import { adminPaymentsRoutes } from './modules/payments/admin-payments.routes';
import type { PaymentsContext } from './modules/payments/payments.context';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { promptsRoutes } from './modules/prompts/prompts.routes';
import { adminRedemptionsRoutes } from './modules/redemptions/admin-redemptions.routes';
import { redemptionsRoutes } from './modules/redemptions/redemptions.routes';
import { adminSafetyRoutes } from './modules/safety/admin-safety.routes';
import { safetyRoutes } from './modules/safety/safety.routes';
import { safetyNoticesRoutes } from './modules/safety-notices/safety-notices.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { systemRoutes } from './modules/system/system.routes';
import apiDocsPlugin from './plugins/api-docs';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import httpRateLimitPlugin from './plugins/http-rate-limit';
import metricsPlugin, { scrapeRegistry } from './plugins/metrics';
import presencePlugin from './plugins/presence';
import readinessPlugin from './plugins/readiness';
import realtimePlugin from './plugins/realtime';
import redisPlugin from './plugins/redis';
import securityHeadersPlugin from './plugins/security-headers';
import sessionsEndedPlugin from './plugins/sessions-ended';
import socketPlugin from './plugins/socket';
import webAppPlugin from './plugins/web-app';
import { registerSocketHandlers } from './socket-handlers';

export interface AppDependencies {
  config: Config;
  database: Database;
  clock?: Clock;
  /** DEV_CLOCK: the movable clock, which /api/dev/clock moves (it is `clock` too). */
  devClock?: MovableClock;
  sms?: SmsSender;
  storage?: Storage;
  payments?: PaymentGateway;
  payouts?: PayoutProvider;
  push?: PushSender;
  /** How pushes resolve and which addresses they may reach (tests: no internet needed). */
  pushNetwork?: PushNetworkOptions;
  /** The face and nudity models (default: the local model process, started on first use). */
  vision?: Vision;
  /** Where log lines go (default: stdout); tests read every line the app writes. */
  logStream?: DestinationStream;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

export async function buildApp(deps: AppDependencies) {
  const { config, database } = deps;
  const clock = deps.devClock?.now ?? deps.clock ?? systemClock;
  const app = Fastify({
    ...loggingOptions(config, deps.logStream),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    // A shutdown closes idle keep-alive connections only: a request in flight (a bid, a
    // payment confirmation) finishes and gets its whole answer. By then the balancer has
    // stopped sending (the drain delay), so a late request is still served, not given 503.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before every other plugin and route, so each handler is traced (when tracing is on).
  const tracePlugin = tracingFastifyPlugin();
  if (tracePlugin) await app.register(tracePlugin);
  app.addHook('onClose', async () => {
    await Promise.all([flushTracing(), flushErrorReports()]);
  });
  app.addHook('onRequest', echoRequestId);
  app.addHook('onRequest', bindRequestId);

  const sms = deps.sms ?? createSmsSender(config);
  const secrets = loadSecrets(config);
  const storage = deps.storage ?? (await createStorage(config, secrets, deps.devClock?.now));
  const gateway =
    deps.payments ??
    createPaymentGateway(config, {
      db: database.db,
      clock,
      secrets,
      sandboxWebhooks: {
        target: () => paymentWebhookUrl(app, config),
        onError: (err) => app.log.warn({ err }, 'sandbox payment webhook not delivered'),
      },
    });
  const payouts = deps.payouts ?? createPayoutProvider(config);
  const payeeIds = createPayeeIdCipher(config.PAYEE_ID_KEYS, secrets.payeeIdKey);
  const push = deps.push ?? createPushSender(config, deps.pushNetwork);
  app.addHook('onClose', async () => push.close?.());
  const vision = deps.vision ?? new LocalVision({ draining: () => app.readiness.draining });
  if (!deps.vision) app.addHook('onClose', async () => vision.close());
  if (config.VISION_PRELOAD) {
    // In the background: a member's first slot-1 photo should not wait for the models.
    app.addHook('onReady', async () => {
      void vision.warm().catch((err) => app.log.warn({ err }, 'vision models did not load'));
    });
  }
  // The job worker starts with the socket server (below); until then a wake-up is a no-op.
  let wakeVisionJobs = () => {};
  const sessions = {
    key: secrets.jwtKey,
    idleSeconds: config.SESSION_IDLE_SECONDS,
    absoluteSeconds: config.SESSION_ABSOLUTE_SECONDS,
    clock,
  };

  // This app's own metrics; /metrics shows them with the process's (lib/metrics.ts).
  const registry = new Registry();
  await app.register(errorsPlugin, { registry });
  await app.register(readinessPlugin, { timeoutMs: config.READY_TIMEOUT_MS });
  await app.register(securityHeadersPlugin, {
    config,
    paymentFormOrigin: gateway.formOrigin,
  });
  await app.register(redisPlugin, { url: config.REDIS_URL });
  await app.register(httpRateLimitPlugin, {
    max: config.RATE_LIMIT_MAX,
    redisPrefix: config.REDIS_PREFIX,
  });
  await app.register(sessionsEndedPlugin, { redisPrefix: config.REDIS_PREFIX });
  await app.register(authPlugin, {
    db: database.db,
    sessions,
    isProduction: config.isProduction,
    metricsToken: config.METRICS_TOKEN,
    sessionsEnded: app.sessionsEnded,
  });
  await app.register(apiDocsPlugin);
  await app.register(socketPlugin, {
    db: database.db,
    sessions,
    allowedOrigins: [
      ...config.CORS_ORIGINS,
      ...(config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : []),
    ],
    redisPrefix: config.REDIS_PREFIX,
    adapterMaxLength: config.SOCKET_ADAPTER_MAX_LENGTH,
    sessionSweepSeconds: config.SOCKET_SESSION_SWEEP_SECONDS,
    eventBudget: {
      max: config.SOCKET_EVENTS_MAX,
      windowSeconds: config.SOCKET_EVENTS_WINDOW_SECONDS,
    },
  });

  await app.register(realtimePlugin, { db: database.db });
  const ctx: AuthContext = {
    db: database.db,
    config,
    sms,
    storage,
    clock,
    vision,
    wakeVisionJobs: () => wakeVisionJobs(),
    secret: secrets.otpSecret,
    sessions,
    realtime: app.realtime,
  };

  await app.register(metricsPlugin, {
    db: database.db,
    registry,
    redisPrefix: config.REDIS_PREFIX,
  });

  await app.register(presencePlugin, { db: database.db, config, clock });
  const presence = app.presence;
  registerSocketHandlers(app.io, { ctx, presence, log: app.log });
  const wakeOutbox = registerOutboxWorker(
    app,
    {
      db: database.db,
      push,
      sms,
      isViewing: presence.isViewing,
      publicUrl: config.PUBLIC_URL,
    },
    config.SWEEPER_ENABLED,
  );
  wakeVisionJobs = registerVisionJobs(
    app,
    { db: database.db, storage, clock, vision, config, realtime: app.realtime },
    config.SWEEPER_ENABLED && config.VISION_JOBS_ENABLED,
  );
  const chat: ChatContext = {
    db: database.db,
    storage,
    clock,
    config,
    online: presence.online,
    wakeVisionJobs: ctx.wakeVisionJobs,
    realtime: app.realtime,
  };
  const dates: DatesContext = {
    db: database.db,
    clock,
    storage,
    sms,
    config,
    publicUrl: config.PUBLIC_URL,
    realtime: app.realtime,
  };
  const wakeStorageDeletions = registerStorageDeletionSweeper(app, {
    db: database.db,
    storage,
    clock,
    enabled: config.SWEEPER_ENABLED,
  });
  const wakeFraudNotices = registerFraudNoticeJob(app, {
    db: database.db,
    clock,
    realtime: ctx.realtime,
    enabled: config.SWEEPER_ENABLED,
  });

  const payments: PaymentsContext = {
    db: database.db,
    config,
    clock,
    gateway,
    payouts,
    realtime: app.realtime,
    log: app.log,
  };
  app.addHook('onClose', async () => {
    await gateway.close();
  });

  await app.register(systemRoutes, { database, registry: scrapeRegistry(registry) });
  await app.register(
    async (api) => {
      await api.register(authRoutes, { ctx });
      await api.register(configRoutes, { ctx });
      await api.register(profileRoutes, { ctx });
      await api.register(promptsRoutes, { ctx });
      await api.register(marketplaceRoutes, { ctx });
      await api.register(connectionsRoutes, { ctx });
      await api.register(alertsRoutes, { ctx });
      await api.register(safetyRoutes, { ctx, onStorageDeletionsQueued: wakeStorageDeletions });
      await api.register(safetyNoticesRoutes, { ctx });
      await api.register(biometricConsentRoutes, { ctx });
      await api.register(privacyRoutes, { ctx });
      await api.register(adminSafetyRoutes, {
        ctx,
        onStorageDeletionsQueued: wakeStorageDeletions,
        onRemoval: wakeFraudNotices,
      });
      await api.register(mediaRoutes, { ctx });
      await api.register(notificationsRoutes, { ctx, push });
      await api.register(chatRoutes, { ctx: chat, onNotificationsQueued: wakeOutbox });
      await api.register(datesRoutes, { ctx: dates });
      await api.register(settingsRoutes, { ctx });
      await api.register(paymentsRoutes, { ctx: payments });
      await api.register(adminPaymentsRoutes, { ctx: payments });
      await api.register(redemptionsRoutes, { ctx: payments });
      await api.register(adminRedemptionsRoutes, { ctx: payments });
      const payees = { db: database.db, clock, config, payeeIds };
      await api.register(payeesRoutes, { ctx: payees });
      await api.register(adminPayeesRoutes, { ctx: payees });
      await api.register(adminTokensRoutes, { ctx });
      await api.register(auditRoutes, { db: database.db });
      await api.register(adminConsoleRoutes, { ctx });
      await api.register(adminEconomyRoutes, { ctx });
      if (gateway instanceof SandboxGateway) await api.register(sandboxGatewayRoutes, { gateway });
      // Local files are served by us through signed URLs; S3 serves its own.
      if (storage instanceof LocalStorage) await api.register(filesRoutes, { storage, clock });
      if (sms instanceof ConsoleSmsSender && !config.isProduction)
        await api.register(devRoutes, { sms, presence, devClock: deps.devClock });
    },
    { prefix: '/api' },
  );
  registerPeriodSweeper(app, { db: database.db, clock, enabled: config.SWEEPER_ENABLED });
  registerConnectionSweeper(app, { ctx, enabled: config.SWEEPER_ENABLED });
  registerDateSweeper(app, {
    ...dates,
    enabled: config.SWEEPER_ENABLED,
    wakeOn: deps.devClock?.onMove,
  });
  registerUploadSlotSweeper(app, {
    db: database.db,
    storage,
    clock,
    enabled: config.SWEEPER_ENABLED,
  });
  registerChatImageSweeper(app, {
    db: database.db,
    clock,
    onSwept: wakeStorageDeletions,
    enabled: config.SWEEPER_ENABLED,
  });
  registerPayoutSweeper(app, payments, {
    enabled: config.SWEEPER_ENABLED,
  });
  registerRetentionSweeper(app, {
    db: database.db,
    config,
    clock,
    enabled: config.SWEEPER_ENABLED,
  });
  registerBiometricRetentionSweeper(app, {
    db: database.db,
    config,
    clock,
    onFilesQueued: wakeStorageDeletions,
    enabled: config.SWEEPER_ENABLED,
  });

  await app.register(webAppPlugin, {
    webDist: config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist,
  });

  return app;
}

/** Where the sandbox processor delivers its webhooks: our own public or listening address. */
function paymentWebhookUrl(app: FastifyInstance, config: Config): string | null {
  if (config.PUBLIC_URL) return `${new URL(config.PUBLIC_URL).origin}/api/payments/webhook`;
  const address = app.server.address();
  if (!address || typeof address === 'string') return null;
  return `http://127.0.0.1:${address.port}/api/payments/webhook`;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
