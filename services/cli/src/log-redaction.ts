/**
 * What never reaches a log line, whichever field carries it (a request URL, its query, a Referer, an
 * error message, a body someone logged): secrets in URLs and JSON fields, and email addresses. It
 * runs on the serialized line, the last step before it is written, so a new field cannot slip past.
 */

/** Query parameters and JSON fields that carry a capability: mailed links, payment sessions, codes. */
const SECRET_NAMES =
  'token|access_token|refresh_token|id_token|session_id|sessionid|code|state|secret|password|key|api_key|apikey|signature|sig';

/** `?token=…`, `&session_id=…` in any URL, percent-encoded or not. */
const SECRET_PARAM = new RegExp(`([?&;](?:${SECRET_NAMES})=)[^&;#"\\s\\\\]*`, 'gi');
/** `"token":"…"` in the JSON line itself, or in JSON escaped inside a string. */
const SECRET_FIELD = new RegExp(
  `(\\\\?"(?:${SECRET_NAMES}|confirmPassword|newPassword)\\\\?"\\s*:\\s*\\\\?")[^"\\\\]*`,
  'gi',
);
/** A simulator session in a path: /billing/simulator/<id>, /billing/simulator/portal/<id>. */
const SIMULATOR_SESSION = /(\/billing\/simulator\/(?:portal\/)?)[A-Za-z0-9_-]{16,}/g;
/** user@host.tld, also percent-encoded (`user%40host.tld`) as in a search filter in a URL. */
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

export const REDACTED = '[redacted]';
export const REDACTED_EMAIL = '[email]';

export function redactLogLine(line: string): string {
  return line
    .replace(SECRET_PARAM, `$1${REDACTED}`)
    .replace(SECRET_FIELD, `$1${REDACTED}`)
    .replace(SIMULATOR_SESSION, `$1${REDACTED}`)
    .replace(EMAIL, REDACTED_EMAIL);
}
