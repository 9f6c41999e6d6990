import {
  ApiError,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  endpointUrl,
} from '@daybook/shared';
import { z } from 'zod';

/** An API failure as the UI needs it: the server's code, message and per-field messages. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** Extra data some errors carry, e.g. `loginStatus` after a failed sign-in. */
  readonly details: Record<string, unknown> | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
    details?: Record<string, unknown> | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.details = init.details;
  }
}

/**
 * A signed-in call answered 401: the session has ended, and the app as a whole answers it (the query client's
 * "session expired", then the login page), so no caller adds a message of its own. A failed sign-in is also a 401,
 * but it is an answer about the password, not about a session. The one test of it every caller uses.
 */
export function isSessionGone(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401 && error.code !== 'INVALID_CREDENTIALS';
}

/** True for an API answer with this error code. */
export function isApiError(error: unknown, code: string): error is ApiRequestError {
  return error instanceof ApiRequestError && error.code === code;
}

export const NETWORK_ERROR_MESSAGE = "Can't reach Daybook right now. Check your connection and try again.";

type ApiRequestOptions<T> = {
  schema: z.ZodType<T>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * The request found no network (the browser is offline, or the server cannot be reached at all): what is kept on
 * this device answers instead (ADR 084, ADR 093). Any other failure (a 500, a 401) is shown as it is.
 */
export const isNetworkFailure = (error: unknown) => error instanceof ApiRequestError && error.status === 0;

/**
 * Calls the Daybook API on the same origin, parses the answer with its shared schema,
 * and turns every failure into an `ApiRequestError`.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const { schema, method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A form (a sealed file, ADR 099) goes as multipart with the boundary the browser writes; anything else as JSON.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }

  // 204 No Content has no body to read.
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  return parseAnswer(response.status, response.statusText, response.ok, payload, schema);
}

/**
 * What a call passes: the endpoint's params, query and body as declared, a multipart `form` for an endpoint that
 * takes files without a JSON body (sent by fetch; `uploadToApi` reports progress), and a way to abort it.
 */
type CallInput<E extends Endpoint> = EndpointInput<E> & { form?: FormData; signal?: AbortSignal };
/** The input is optional only when the endpoint takes none that is required. */
type CallArgs<E extends Endpoint> =
  object extends EndpointInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** An endpoint that declares no JSON answer (204, or one nobody reads) is answered with undefined. */
const NO_ANSWER = z.unknown().transform(() => undefined);

/**
 * Calls an operation of the API as `@daybook/shared` declares it (ADR 106): its method, its address made from its
 * path, params and query, its body as JSON (or a multipart form), its answer parsed by its response schema. The one
 * way the web app reaches the API; every failure is an `ApiRequestError`.
 */
export function callApi<E extends Endpoint>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<EndpointAnswer<E>> {
  const { params, query, body, form, signal } = (input ?? {}) as CallInput<Endpoint> & {
    params?: object;
    query?: object;
    body?: unknown;
  };
  return apiRequest(endpointUrl(endpoint, params, query), {
    method: endpoint.method,
    body: form ?? body,
    signal,
    schema: (endpoint.response ?? NO_ANSWER) as z.ZodType<EndpointAnswer<E>>,
  });
}

/** The address of an endpoint the browser reads by itself (an image, a download, an event stream). */
export function apiUrl<E extends Endpoint>(
  endpoint: E,
  input?: Pick<EndpointInput<E>, 'params' | 'query'>,
): string {
  return endpointUrl(endpoint, input?.params, input?.query);
}

function parseAnswer<T>(
  status: number,
  statusText: string,
  isOk: boolean,
  payload: unknown,
  schema: z.ZodType<T>,
): T {
  if (!isOk) {
    const apiError = ApiError.safeParse(payload);
    if (apiError.success) {
      throw new ApiRequestError({ status, ...apiError.data });
    }
    throw new ApiRequestError({
      status,
      code: 'HTTP_ERROR',
      message: `The server answered ${status} ${statusText}`.trim(),
    });
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiRequestError({
      status,
      code: 'INVALID_RESPONSE',
      message: 'The server sent an answer this version of Daybook does not understand.',
    });
  }
  return parsed.data;
}

type ApiUploadOptions<T> = {
  schema: z.ZodType<T>;
  method?: 'POST' | 'PUT';
  /**
   * A file sent as the raw request body (its own type as Content-Type), or a multipart form (the browser
   * sets the Content-Type with its boundary).
   */
  body: Blob | FormData;
  /** Called with the share of the body sent so far, 0 to 1 (1 once the answer has been read). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

const uploadCancelled = () => new DOMException('The upload was cancelled.', 'AbortError');

/**
 * Sends a file or a multipart form with XMLHttpRequest so that upload progress can be reported, which
 * `fetch` cannot do; answers and failures are handled exactly as in `apiRequest`. Aborting rejects with an
 * `AbortError`.
 */
export function apiUpload<T>(path: string, options: ApiUploadOptions<T>): Promise<T> {
  const { schema, method = 'PUT', body, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(uploadCancelled());
      return;
    }
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.setRequestHeader('Accept', 'application/json');
    if (body instanceof Blob) {
      request.setRequestHeader('Content-Type', body.type || 'application/octet-stream');
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      let payload: unknown;
      try {
        payload = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      const isOk = request.status >= 200 && request.status < 300;
      try {
        const answer = parseAnswer(request.status, request.statusText, isOk, payload, schema);
        onProgress?.(1);
        resolve(answer);
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () =>
      reject(new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE }));
    request.onabort = () => reject(uploadCancelled());
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

/**
 * Sends a file (or a multipart form) to an endpoint declared in `@daybook/shared`, reporting progress: `callApi`
 * for a body that is not JSON.
 */
export function uploadToApi<E extends Endpoint>(
  endpoint: E & { method: 'POST' | 'PUT' },
  input: Pick<EndpointInput<E>, 'params' | 'query'> &
    Omit<ApiUploadOptions<EndpointAnswer<E>>, 'schema' | 'method'>,
): Promise<EndpointAnswer<E>> {
  const { params, query, ...options } = input as typeof input & { params?: object; query?: object };
  return apiUpload(endpointUrl(endpoint, params, query), {
    ...options,
    method: endpoint.method,
    schema: (endpoint.response ?? NO_ANSWER) as z.ZodType<EndpointAnswer<E>>,
  });
}
