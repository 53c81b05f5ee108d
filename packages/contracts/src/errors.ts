/**
 * The error catalogue of spec §8: which message the SPA shows for a failed call. Pure, so the web's api
 * client and any server-side test can share it. Bodies follow the Django REST shapes the API returns
 * (`detail`, `message`, `error`, `non_field_errors`, or a plain list).
 */
export const ERROR_MESSAGES = {
  badRequest: "It's a bad request.",
  forbidden: 'Check permission or Please confirm your email address is verified.',
  notFound: 'The requested item was not found.',
  serverError: 'Internal server error. Try after a while.',
  generic: 'Something went wrong.',
  initialData: 'Failed to load initial data.',
  featureFlags: 'Failed to load feature flags',
  searchedData: 'Failed to load searched data.',
  policyUpdate: 'Failed to update policy data.',
  jiraOAuth2Data: 'Failed to load Jira OAuth2 data.',
  jiraOAuth2Link: 'Jira OAuth2 link is not configured or Invalid!',
  jiraWorkspace: 'Failed to set the selected Jira Workspace',
  emptyTable: 'No results found',
  quarterStart: 'The new quarter has begun and we are waiting for AWS to publish the data.',
} as const;

/** A 401 forces a logout (spec §4, §8). */
export function isLogoutStatus(status: number): boolean {
  return status === 401;
}

/** Status 400 and above is reported to the error-reporting service (spec §8). */
export function isReportableStatus(status: number): boolean {
  return status >= 400;
}

/** The first non-empty string in a value that is a string or a (nested) list of strings. */
function firstText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = firstText(item);
      if (text !== null) return text;
    }
  }
  return null;
}

function firstField(body: unknown, fields: readonly string[]): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  for (const field of fields) {
    const text = firstText(record[field]);
    if (text !== null) return text;
  }
  return null;
}

/** Spec §8: the message to show for an HTTP error status and its (parsed JSON or text) body. */
export function errorMessageFor(status: number, body: unknown): string {
  switch (status) {
    case 400:
    case 409:
    case 424: {
      const fromList = Array.isArray(body) ? firstText(body) : null;
      return (
        fromList ?? firstField(body, ['error', 'message', 'non_field_errors']) ?? ERROR_MESSAGES.badRequest
      );
    }
    case 403:
      return firstField(body, ['detail', 'message', 'error']) ?? ERROR_MESSAGES.forbidden;
    case 404:
      return ERROR_MESSAGES.notFound;
    case 500:
    case 503:
    case 504:
      return firstField(body, ['detail', 'message', 'error']) ?? ERROR_MESSAGES.serverError;
    default:
      return ERROR_MESSAGES.generic;
  }
}
