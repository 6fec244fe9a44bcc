// The payment error catalogue of marketplace §8 as typed errors: one code, one status and
// one message each, so the client can branch on the code and show the message.
import { PAYMENT_MESSAGES } from '@bidboard/shared';
import { AppError } from '../../lib/errors';

export const securityViolation = () =>
  new AppError('SECURITY_VIOLATION', 400, PAYMENT_MESSAGES.securityViolation);
export const tokenCreationRateLimit = (minutes: number) =>
  new AppError(
    'TOKEN_CREATION_RATE_LIMIT_EXCEEDED',
    429,
    PAYMENT_MESSAGES.tokenCreationRateLimit(minutes),
  );
export const paymentRateLimit = (minutes: number) =>
  new AppError('PAYMENT_RATE_LIMIT_EXCEEDED', 429, PAYMENT_MESSAGES.paymentRateLimit(minutes));
export const highValueRateLimit = () =>
  new AppError('HIGH_VALUE_RATE_LIMIT_EXCEEDED', 429, PAYMENT_MESSAGES.highValueRateLimit);
export const rapidSubmission = () =>
  new AppError('RAPID_SUBMISSION_DETECTED', 429, PAYMENT_MESSAGES.rapidSubmission);
export const duplicateSameUser = () =>
  new AppError('DUPLICATE_TRANSACTION_SAME_USER', 409, PAYMENT_MESSAGES.duplicateSameUser);
export const duplicateConstraint = () =>
  new AppError('DUPLICATE_TRANSACTION_CONSTRAINT', 409, PAYMENT_MESSAGES.duplicateConstraint);
export const paymentPending = () =>
  new AppError('PAYMENT_PENDING', 409, PAYMENT_MESSAGES.paymentPending);
export const paymentUnverified = () =>
  new AppError('PAYMENT_UNVERIFIED', 502, PAYMENT_MESSAGES.paymentUnverified);
export const formFailed = () =>
  new AppError('PAYMENT_PROVIDER_ERROR', 502, PAYMENT_MESSAGES.formFailed);
