import { type ErrorCode, errorBodySchema, type FieldError, type RefusalReason } from '@wheelmeet/contracts';
import { clearAdminSession, getAdminToken } from './auth-storage';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';
export const ADMIN_LOGIN_PATH = '/admin/login';

/** Anything with a zod-style `parse`; every contracts schema fits. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** Codes the client adds to the server's own: no answer at all, or an answer that breaks the contract. */
export type ApiErrorCode = ErrorCode | 'network_error' | 'invalid_response';

/**
 * A failed API call, carrying the server's `{ error: { code, reason, message, details } }` when there was one.
 * `serverMessage` is the server's own message and is only set from that error body: a failure
 * without it (no answer, a proxy's 502, a 500 in plain text) has none, so the screen shows its own
 * fallback instead of raw HTTP status text. `message` is for logs only.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Why the server refused, to decide by (never by `serverMessage`); null without an error body of ours. */
  readonly reason: RefusalReason | null;
  readonly details: FieldError[] | undefined;
  readonly serverMessage: string | null;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    reason?: RefusalReason;
    message: string;
    details?: FieldError[];
    /** The message of our error body; leave out when the answer had none. */
    serverMessage?: string;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.reason = init.reason ?? null;
    this.details = init.details;
    this.serverMessage = init.serverMessage?.trim() ? init.serverMessage : null;
  }
}

// Used when a failure carries no error body (a proxy's 502, an HTML error page).
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'too_many_requests',
  503: 'service_unavailable',
};

export interface ApiClientOptions {
  /** Prefix for every path; the API lives on the app's own host, so '' by default. */
  baseUrl?: string;
  /** Where to send the browser after a 401 on an authenticated call. */
  navigate?: (path: string) => void;
  /** The current path, to avoid redirecting to the login page from the login page. */
  currentPath?: () => string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Per-request extras, such as the header that carries a wheel access grant. */
export interface RequestOptions {
  headers?: Record<string, string>;
}

async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Builds the typed client; the app uses the `api` instance below, tests build their own. */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const navigate = options.navigate ?? ((path: string) => window.location.assign(path));
  const currentPath = options.currentPath ?? (() => window.location.pathname);

  async function request<T>(
    method: Method,
    path: string,
    body: unknown,
    schema?: ResponseSchema<T>,
    options: RequestOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
    // Only requests with a body declare one: Fastify rejects an empty body sent as JSON.
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    // A caller that brings its own credentials (a participant token) keeps them; otherwise the
    // admin session, if any, is sent.
    const token = headers.Authorization ? null : getAdminToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
    }

    const data = await readJsonBody(response);

    if (!response.ok) {
      // An expired or revoked admin session: forget it and send the user to sign in again.
      // Anonymous calls never carried a token, so a 401 there is not a reason to leave the page.
      if (response.status === 401 && token) {
        clearAdminSession();
        if (currentPath() !== ADMIN_LOGIN_PATH) navigate(ADMIN_LOGIN_PATH);
      }
      const parsed = errorBodySchema.safeParse(data);
      if (parsed.success) {
        const { error } = parsed.data;
        throw new ApiError({ status: response.status, ...error, serverMessage: error.message });
      }
      // No error body of ours: the status text ('Internal Server Error') is for logs, never a screen.
      throw new ApiError({
        status: response.status,
        code: CODE_BY_STATUS[response.status] ?? 'internal_error',
        message: `Request failed with status ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
      });
    }

    if (!schema) return undefined as T;
    try {
      return schema.parse(data);
    } catch {
      throw new ApiError({
        status: response.status,
        code: 'invalid_response',
        message: 'The server sent an unexpected response. Please try again.',
      });
    }
  }

  return {
    get: <T>(path: string, schema: ResponseSchema<T>, options?: RequestOptions) =>
      request('GET', path, undefined, schema, options),
    post: <T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: RequestOptions) =>
      request('POST', path, body, schema, options),
    put: <T>(path: string, body: unknown, schema: ResponseSchema<T>, options?: RequestOptions) =>
      request('PUT', path, body, schema, options),
    /** Without a schema the answer's body is not read (204). */
    delete: <T = void>(path: string, schema?: ResponseSchema<T>, options?: RequestOptions) =>
      request<T>('DELETE', path, undefined, schema, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one API client of the web app. */
export const api = createApiClient();

/**
 * The message to show for any error thrown by a query or mutation (spec section 8): the server's
 * own message when its answer carried our error body; 'Network error. Please try again.' when no
 * answer came at all; else `fallback`, the screen's own text, for an answer without our error body
 * (a plain-text 500, a proxy's 502) or one that breaks the contract. Never the HTTP status text.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.serverMessage !== null) return error.serverMessage;
  return error.code === 'network_error' ? NETWORK_ERROR_MESSAGE : fallback;
}
