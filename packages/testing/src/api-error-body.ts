const ERROR_TYPES: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

/** The API's error `type` for an HTTP status: 429 `rate_limit_error`, 529 `overloaded_error`, other 5xx `api_error`. */
export function errorTypeForStatus(status: number): string {
  return ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

/** The API's error body: `{type:'error', error:{type, message}}`. */
export interface ApiErrorBody {
  type: 'error';
  error: { type: string; message: string };
}

/** Builds the API's error body for a status, with a default type and message. */
export function apiErrorBody(status: number, type?: string, message?: string): ApiErrorBody {
  const errorType = type ?? errorTypeForStatus(status);
  return {
    type: 'error',
    error: { type: errorType, message: message ?? `Scripted ${errorType} (${status})` },
  };
}
