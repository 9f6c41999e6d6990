import { ApiError } from '@daybook/shared';
import type { z } from 'zod';

/** An API failure as the UI needs it: the server's code, message and per-field messages. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(init: { status: number; code: string; message: string; fields?: Record<string, string> }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
  }
}

export const NETWORK_ERROR_MESSAGE = "Can't reach Daybook right now. Check your connection and try again.";

type ApiRequestOptions<T> = {
  schema: z.ZodType<T>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * Calls the Daybook API on the same origin, parses the answer with its shared schema,
 * and turns every failure into an `ApiRequestError`.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const { schema, method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }

  const payload: unknown = await response.json().catch(() => undefined);

  if (!response.ok) {
    const apiError = ApiError.safeParse(payload);
    if (apiError.success) {
      throw new ApiRequestError({ status: response.status, ...apiError.data });
    }
    throw new ApiRequestError({
      status: response.status,
      code: 'HTTP_ERROR',
      message: `The server answered ${response.status} ${response.statusText}`.trim(),
    });
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiRequestError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: 'The server sent an answer this version of Daybook does not understand.',
    });
  }
  return parsed.data;
}
