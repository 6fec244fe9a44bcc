export * from './constants';
export * from './errors';
export * from './events';
export * from './rules/otp';
export * from './rules/phone';
export * from './schemas/auth';
export * from './schemas/user';
