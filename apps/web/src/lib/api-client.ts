// HTTP client for the /api contract (accounts §7): credentials included, bearer token from
// storage, bodies unwrapped, failures thrown as ApiError with the server's message and code.
import { DEVICE_ID_HEADER, type ErrorResponse } from '@bidboard/shared';
import type { TextRef } from '@bidboard/shared/i18n/texts';
import { authStorage } from './auth-storage';
import { sharedRef, sharedText } from './i18n/shared-text';

export const API_BASE = '/api';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The message's key and arguments, to show it in the member's language. */
  readonly text: TextRef | undefined;

  constructor(message: string, status: number, code?: string, text?: TextRef) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.text = text;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The server's message when there is one, otherwise the caller's fallback copy (a shared
 * message), in the language on screen: the API's `message` is English, its `key` and
 * `params` say it in the member's language.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) {
    return error.text ? sharedRef(error.text, error.message) : sharedText(error.message);
  }
  return sharedText(fallback);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const { message, code, key, params } = body as Partial<ErrorResponse>;
    if (typeof message === 'string' && message) {
      return new ApiError(message, status, code, key ? { key, params } : undefined);
    }
  }
  return new ApiError('', status);
}

export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // The sign-in records it for the redemption risk review's 'same device'.
    [DEVICE_ID_HEADER]: authStorage.deviceId(),
  };
  const token = authStorage.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('', 0, 'NETWORK');
  }
  const parsed = await readBody(response);
  if (!response.ok) throw toApiError(response.status, parsed);
  return parsed as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body ?? {}),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>('DELETE', path, body),
};
