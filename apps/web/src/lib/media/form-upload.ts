import { ApiError } from '@daybook/shared';
import type { z } from 'zod';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '../api-client.ts';

type FormUploadOptions<T> = {
  schema: z.ZodType<T>;
  /** Sent as multipart/form-data (the browser sets the boundary). */
  form: FormData;
  /** Called with the share of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

function answerError(status: number, statusText: string, payload: unknown): ApiRequestError {
  const apiError = ApiError.safeParse(payload);
  if (apiError.success) return new ApiRequestError({ status, ...apiError.data });
  return new ApiRequestError({
    status,
    code: 'HTTP_ERROR',
    message: `The server answered ${status} ${statusText}`.trim(),
  });
}

/**
 * POSTs a multipart form with XMLHttpRequest so that upload progress can be reported (`apiUpload` in
 * `lib/api-client.ts` sends a raw body instead). Answers and failures become what `apiRequest` gives:
 * the parsed answer, or an `ApiRequestError` with the server's code and message. Aborting rejects with
 * an `AbortError`.
 */
export function apiFormUpload<T>(path: string, options: FormUploadOptions<T>): Promise<T> {
  const { schema, form, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('Accept', 'application/json');
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
      if (request.status < 200 || request.status >= 300) {
        reject(answerError(request.status, request.statusText, payload));
        return;
      }
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        reject(
          new ApiRequestError({
            status: request.status,
            code: 'INVALID_RESPONSE',
            message: 'The server sent an answer this version of Daybook does not understand.',
          }),
        );
        return;
      }
      onProgress?.(1);
      resolve(parsed.data);
    };
    request.onerror = () =>
      reject(new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE }));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
