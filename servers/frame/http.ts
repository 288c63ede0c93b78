import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import { FrameServerErrorText, invalidRequest } from '../../protocol/frameServerErrors.ts'
import type { FrameContext } from './context.ts'

/** A refusal with the status and the text the visitor's frame shows. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message)
  }
}

export const NOT_ALLOWED = FrameServerErrorText.ORIGIN_NOT_ALLOWED

/** The first issue, with its field, as one line: "email: Invalid email". */
function describe(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0]!
  const path = issue.path?.map((item) => String(item.key)).join('.')
  return path ? `${path}: ${issue.message}` : issue.message
}

/** The JSON body, checked; anything else is a 400 with the reason. */
export async function readBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw new ApiError(400, FrameServerErrorText.BODY_NOT_JSON)
  }
  const result = v.safeParse(schema, body)
  if (!result.success) throw new ApiError(400, invalidRequest(describe(result.issues)))
  return result.output
}

/** The query string, checked. */
export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const result = v.safeParse(schema, c.req.query())
  if (!result.success) throw new ApiError(400, invalidRequest(describe(result.issues)))
  return result.output
}

/** The host page the frame serves must be on the project's allow-list, on every call. */
export function allowOrigin(context: FrameContext, request: { projectId: string; hostOrigin: string }): void {
  if (!context.projects.get(request.projectId)?.origins.has(request.hostOrigin)) throw new ApiError(403, NOT_ALLOWED)
}

// ---- shared field schemas ----
export const Email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email('Invalid email'))
export const Otp = v.pipe(v.string(), v.regex(/^\d{6}$/, 'must be six digits'))
/** The id the frame generated for its IndexedDB (a UUID in practice). */
export const DeviceId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, _ or -'))
export const Namespace = v.picklist(['eip155', 'solana'], 'must be eip155 or solana')
export const Origin = v.pipe(v.string(), v.maxLength(200), v.regex(/^https?:\/\/[^/\s?#]+$/, 'must be an origin (scheme://host[:port])'))
export const ProjectId = v.pipe(v.string(), v.minLength(1), v.maxLength(128))
/** Every API call names its project and the host origin the frame verified. */
export const Caller = { projectId: ProjectId, hostOrigin: Origin }
