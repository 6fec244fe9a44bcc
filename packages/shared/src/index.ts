// The shared package. Modules outside schemas/ and events.ts never import zod: the web
// imports them at run time, and with "sideEffects": false the schemas (and zod) stay out
// of its bundle. A constant or message the web needs belongs beside its rule, not in a
// schema file.
export * from './constants';
export * from './errors';
export * from './events';
export * from './onboarding';
export * from './pitch';
export * from './rooms';
export * from './rules/age-range';
export * from './rules/alerts';
export * from './rules/auction';
export * from './rules/bio';
export * from './rules/chat';
export * from './rules/content';
export * from './rules/dob';
export * from './rules/email';
export * from './rules/favorite-thing';
export * from './rules/gender';
export * from './rules/media';
export * from './rules/notifications';
export * from './rules/otp';
export * from './rules/phone';
export * from './rules/postal';
export * from './rules/profanity-fallback';
export * from './rules/redemption';
export * from './rules/result';
export * from './rules/safety';
export * from './rules/username';
export * from './schemas/admin';
export * from './schemas/alerts';
export * from './schemas/app-config';
export * from './schemas/auctions';
export * from './schemas/audit';
export * from './schemas/auth';
export * from './schemas/chat';
export * from './schemas/common';
export * from './schemas/connections';
export * from './schemas/media';
export * from './schemas/notifications';
export * from './schemas/payments';
export * from './schemas/profile';
export * from './schemas/redemptions';
export * from './schemas/safety';
export * from './schemas/settings';
export * from './schemas/tokens';
export * from './schemas/user';
