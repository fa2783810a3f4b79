import { clearToken, getToken } from './session';

export const GENERIC_ERROR_MESSAGE = 'An error occurred';
export const NETWORK_ERROR_MESSAGE = 'Unable to reach the server. Please check your connection and try again.';

/** Calls whose 401 means wrong credentials rather than an ended session. */
const CREDENTIAL_PATHS = new Set(['/api/auth/login', '/api/auth/register', '/api/auth/google']);
const LOGIN_PATH = '/login';

/** Any failed call: the server's message (or a generic one), the HTTP status (0 when unreachable) and field errors. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly details: Record<string, string>;
  /** True when the message comes from the server (or the network) rather than the generic fallback. */
  readonly hasMessage: boolean;

  constructor(
    message: string | null | undefined,
    options: { status: number; code?: string; details?: Record<string, string> },
  ) {
    super(message || GENERIC_ERROR_MESSAGE);
    this.hasMessage = Boolean(message);
    this.status = options.status;
    this.code = options.code;
    this.details = options.details ?? {};
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** The message to show for a failed call: the server's text, else the screen's own fallback. */
export function getErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasMessage ? error.message : fallback;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
}

interface EnvelopeShape {
  success?: unknown;
  data?: unknown;
  error?: unknown;
  code?: unknown;
  details?: unknown;
}

/** How long an answer started early may wait for the call it was started for. */
export const EARLY_ANSWER_LIFETIME_MS = 10_000;

interface EarlyAnswer {
  response: Promise<Response>;
  token: string;
  startedAt: number;
}

/** GETs started before any screen asked for them, by path; each is handed to the first call of its path. */
const earlyAnswers = new Map<string, EarlyAnswer>();

/**
 * Starts a GET that the page is about to make, so that on a slow network it travels alongside the
 * page's own scripts instead of after them. The first `apiClient.get` of the same path, with the same
 * token, within EARLY_ANSWER_LIFETIME_MS and before any call that may change data, takes this answer
 * instead of sending its own; any later call sends its own. Nothing is started without a usable token.
 */
export function startEarly(path: string): void {
  const token = getToken();
  if (!token || earlyAnswers.has(path)) return;
  const response = send(path, {});
  // An answer nobody claims, or a failure nobody waits for, must not surface as an unhandled rejection.
  response.catch(() => undefined);
  earlyAnswers.set(path, { response, token, startedAt: Date.now() });
}

/**
 * The early answer of a GET of `path`, if one was started for this token and is recent enough. Any
 * other method may change what an early answer says, so it drops them all.
 */
function takeEarly(path: string, options: RequestOptions): Promise<Response> | undefined {
  if ((options.method ?? 'GET') !== 'GET') {
    earlyAnswers.clear();
    return undefined;
  }
  const early = earlyAnswers.get(path);
  if (!early) return undefined;
  earlyAnswers.delete(path);
  const isUsable = early.token === getToken() && Date.now() - early.startedAt <= EARLY_ANSWER_LIFETIME_MS;
  return isUsable ? early.response : undefined;
}

/** Sends a request to the API on this origin and unwraps the `{success, data, error}` envelope. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await (takeEarly(path, options) ?? send(path, options));
  const envelope = await readEnvelope(response);

  if (response.status === 401 && !CREDENTIAL_PATHS.has(path)) endSession();
  if (response.status === 403) sendToAccountStep(envelope?.code);

  if (!response.ok || !envelope || envelope.success !== true || envelope.data === undefined) {
    throw toApiError(response, envelope);
  }
  return envelope.data as T;
}

/** Fetches a protected file (served under /api/files/) as a Blob, with the bearer token. */
export async function fetchFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await send(path, signal ? { signal } : {});
  if (response.status === 401) endSession();
  if (!response.ok) throw toApiError(response, await readEnvelope(response));
  return response.blob();
}

export const apiClient = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, signal ? { signal } : {}),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
  /** Sends a multipart form (file uploads); the browser sets its content type. */
  upload: <T>(path: string, form: FormData) => apiRequest<T>(path, { method: 'POST', body: form }),
};

export interface UploadOptions {
  /** Called as the request body goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Posts a multipart form like `apiClient.upload`, reporting how much of it has been sent: fetch cannot
 * tell upload progress, XMLHttpRequest can. Answers and errors are those of `apiRequest`.
 */
export function uploadWithProgress<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  // An upload changes what the early answers say (the account's documents), as any other change does.
  earlyAnswers.clear();
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);

    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(event.loaded / event.total, 1));
    };
    request.onload = () => {
      const envelope = parseEnvelope(request.getResponseHeader('content-type'), request.responseText);
      if (request.status === 401 && !CREDENTIAL_PATHS.has(path)) endSession();
      if (request.status < 200 || request.status >= 300 || envelope?.success !== true || envelope.data === undefined) {
        return reject(toApiError(request, envelope));
      }
      onProgress?.(1);
      resolve(envelope.data as T);
    };
    request.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, { status: 0 }));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

function parseEnvelope(contentType: string | null, text: string): EnvelopeShape | null {
  if (!contentType?.includes('application/json')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as EnvelopeShape) : null;
  } catch {
    return null;
  }
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: body ?? null,
      credentials: 'include',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0 });
  }
}

async function readEnvelope(response: Response): Promise<EnvelopeShape | null> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return null;
  try {
    const parsed: unknown = await response.json();
    return parsed !== null && typeof parsed === 'object' ? (parsed as EnvelopeShape) : null;
  } catch {
    return null;
  }
}

function toApiError(response: { status: number }, envelope: EnvelopeShape | null): ApiError {
  const message = typeof envelope?.error === 'string' && envelope.error.trim() ? envelope.error : null;
  const options: { status: number; code?: string; details?: Record<string, string> } = { status: response.status };
  if (typeof envelope?.code === 'string') options.code = envelope.code;
  const details = readDetails(envelope?.details);
  if (details) options.details = details;
  return new ApiError(message, options);
}

function readDetails(value: unknown): Record<string, string> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** Pages already on their way elsewhere (sign-in, or a step to take first), keyed by their location object. */
const pagesLeaving = new WeakSet<object>();

/** Refusals that name a step the account must take first, and the page where it is taken. */
const ACCOUNT_STEPS: Record<string, string> = {
  MFA_ENROLMENT_REQUIRED: '/setup-two-factor',
  PASSWORD_CHANGE_REQUIRED: '/change-password',
};

/** Sends the browser to the page of a step the server says must come first (once). */
function sendToAccountStep(code: unknown): void {
  const target = typeof code === 'string' ? ACCOUNT_STEPS[code] : undefined;
  const { location } = window;
  if (!target || location.pathname === target || pagesLeaving.has(location)) return;
  pagesLeaving.add(location);
  location.assign(target);
}

/**
 * The session is over: forget the token and send the browser to the sign-in page, once. A page's
 * parallel calls all answer 401 together; a second navigation would abort the first.
 */
function endSession(): void {
  clearToken();
  const { location } = window;
  if (location.pathname === LOGIN_PATH || pagesLeaving.has(location)) return;
  pagesLeaving.add(location);
  location.assign(LOGIN_PATH);
}
