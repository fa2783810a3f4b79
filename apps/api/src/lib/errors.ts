import { errorStatus, type ErrorCode } from '@letsema/domain';

/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = code;
    this.statusCode = errorStatus[code];
    this.details = options.details;
    this.headers = options.headers;
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Please sign in to continue') => new AppError('UNAUTHENTICATED', message);
export const invalidState = (message: string) => new AppError('INVALID_STATE', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
/** An input refused by a rule the database answers: the message names what is wrong with `field`. */
export const invalidField = (field: string, message: string) =>
  new AppError('VALIDATION', message, { details: { [field]: message } });
