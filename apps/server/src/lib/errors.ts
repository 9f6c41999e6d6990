import { ERROR_STATUS, type ErrorCode } from '@daybook/shared';

/** An error meant for the client: a code from the shared catalogue, its HTTP status and a user-facing message. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}
