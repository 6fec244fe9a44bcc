// Error reporting, configured by the environment alone: with SENTRY_DSN set, unexpected
// errors (requests answered 500, failed sweeper runs) go to Sentry; with an
// OTLP endpoint set, they are also recorded on their trace's span (any OTLP backend shows
// them). With neither, nothing is loaded and reportError costs a check.
import { recordErrorOnActiveSpan } from './tracing';

type Sentry = typeof import('@sentry/node');
let sentry: Sentry | null = null;

/** Starts Sentry when SENTRY_DSN is set; resolves false, having loaded nothing, otherwise. */
export async function startErrorReporting(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (!env.SENTRY_DSN || sentry) return sentry !== null;
  const loaded = await import('@sentry/node');
  loaded.init({
    dsn: env.SENTRY_DSN,
    environment: env.SENTRY_ENVIRONMENT || env.NODE_ENV || 'development',
    release: env.SENTRY_RELEASE || undefined,
    // Errors only: tracing is OpenTelemetry's job, and Sentry's automatic integrations
    // (console, request bodies, local variables) could carry what logs must not.
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    defaultIntegrations: false,
    integrations: [],
  });
  sentry = loaded;
  return true;
}

/** Records an unexpected error on the active span and sends it to Sentry when configured. */
export function reportError(error: unknown, tags: Record<string, string> = {}): void {
  recordErrorOnActiveSpan(error);
  sentry?.captureException(error, { tags });
}

/** Waits for reports in flight (a closing server). */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  await sentry?.flush(timeoutMs);
}
