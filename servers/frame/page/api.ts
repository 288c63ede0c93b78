import * as v from 'valibot'
import type { SessionStore } from './session.ts'

/**
 * The frame server's API, on this page's own origin. Every call names the project
 * and the host origin the channel verified; calls that need the session send its access
 * token and, on a 401, refresh it once (the refresh token rotates) and retry.
 */
export interface ApiOptions {
  projectId: string
  hostOrigin: () => string | undefined
  session: SessionStore
  /** The session is gone for good (refresh refused): the host is told. */
  onSessionEnded: () => void
}

export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export const NOT_SIGNED_IN = 'Not signed in'
const ErrorBody = v.object({ error: v.string() })
const Tokens = v.object({ accessToken: v.string(), refreshToken: v.string() })

interface CallOptions {
  body?: Record<string, unknown>
  query?: Record<string, string>
  auth?: boolean
  signal?: AbortSignal
}

export type Api = ReturnType<typeof createApi>

export function createApi(options: ApiOptions) {
  let refreshing: Promise<void> | undefined

  function caller(): { projectId: string; hostOrigin: string } {
    const hostOrigin = options.hostOrigin()
    if (!hostOrigin) throw new Error('The host page is not known yet')
    return { projectId: options.projectId, hostOrigin }
  }

  async function send(method: 'GET' | 'POST' | 'PUT', path: string, call: CallOptions): Promise<Response> {
    const url = new URL(path, location.origin)
    const headers: Record<string, string> = {}
    let body: string | undefined
    if (method === 'GET') for (const [name, value] of Object.entries({ ...call.query, ...caller() })) url.searchParams.set(name, value)
    else {
      headers['content-type'] = 'application/json'
      body = JSON.stringify({ ...call.body, ...caller() })
    }
    if (call.auth) {
      const session = options.session.get()
      if (!session) throw new ApiRefusal(401, NOT_SIGNED_IN)
      headers.authorization = `Bearer ${session.accessToken}`
    }
    return fetch(url, { method, headers, body, credentials: 'omit', signal: call.signal })
  }

  function refresh(): Promise<void> {
    refreshing ??= (async () => {
      const session = options.session.get()
      if (!session) throw new ApiRefusal(401, NOT_SIGNED_IN)
      const response = await send('POST', '/v1/session/refresh', { body: { refreshToken: session.refreshToken } })
      if (!response.ok) {
        options.session.clear()
        options.onSessionEnded()
        throw new ApiRefusal(401, 'Your session has ended, sign in again')
      }
      options.session.update(v.parse(Tokens, await response.json()))
    })().finally(() => (refreshing = undefined))
    return refreshing
  }

  async function call<S extends v.GenericSchema | undefined>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: S,
    callOptions: CallOptions = {},
  ): Promise<S extends v.GenericSchema ? v.InferOutput<S> : undefined> {
    let response = await send(method, path, callOptions)
    if (response.status === 401 && callOptions.auth) {
      await refresh()
      response = await send(method, path, callOptions)
    }
    if (!response.ok) {
      const error = v.safeParse(ErrorBody, await response.json().catch(() => undefined))
      throw new ApiRefusal(response.status, error.success ? error.output.error : `The frame server answered ${response.status}`)
    }
    if (!schema) return undefined as never
    return v.parse(schema, await response.json()) as never
  }

  return { call }
}
