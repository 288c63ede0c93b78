/**
 * The rule every state-changing request passes on each of the servers: it comes from a page
 * the server trusts (its `Origin` header) and its body is JSON. A form on another site posts
 * text/plain, urlencoded or multipart bodies without a CORS preflight, and the browser gives
 * such a post the form page's own origin (or `null`): both checks refuse it before the body is
 * read. Each server answers a refusal in its own error shape.
 */

/** The methods that may change state; GET and HEAD must not (each server keeps its GETs free of writes). */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export type StateChangeRefusal =
  /** No Origin header, `null`, or an origin the server does not trust. */
  | { readonly status: 403; readonly origin: string | undefined }
  /** A body type other than application/json (parameters such as charset are allowed). */
  | { readonly status: 415; readonly contentType: string | undefined }

export interface StateChangeRule {
  /** Whether a request from this exact origin (scheme://host[:port]) may change state. */
  readonly allowsOrigin: (origin: string) => boolean
  /** Whether the body must be application/json; false only for a route that takes an HTML form's post from a trusted page. */
  readonly json: boolean
}

/** `application/json; charset=utf-8` -> true; `text/plain`, `application/json-seq`, none -> false. */
export const isJsonType = (contentType: string | null | undefined): boolean => contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json'

/** Undefined when the request passes the rule (or does not change state); else why it is refused. */
export function checkStateChange(method: string, headers: Headers, rule: StateChangeRule): StateChangeRefusal | undefined {
  if (!STATE_CHANGING_METHODS.has(method.toUpperCase())) return undefined
  const origin = headers.get('origin') ?? undefined
  if (origin === undefined || !rule.allowsOrigin(origin)) return { status: 403, origin }
  const contentType = headers.get('content-type') ?? undefined
  if (rule.json && !isJsonType(contentType)) return { status: 415, contentType }
  return undefined
}

/** One sentence on a refusal, for the servers' error bodies. */
export function describeRefusal(refusal: StateChangeRefusal): string {
  return refusal.status === 403
    ? `a request that changes state must come from an allowed origin (Origin: ${refusal.origin ?? 'none'})`
    : `the body must be application/json (Content-Type: ${refusal.contentType ?? 'none'})`
}
