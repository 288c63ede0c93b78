import { PorticoError } from '../errors/base.ts'
import { httpStatusError } from '../errors/catalogue.ts'

/** A non-OK answer: 'HTTP status code: N', with the status and the body the server sent (its reason, if any). */
export class HttpStatusError extends PorticoError {
  override name = 'HttpStatusError'
  constructor(
    readonly status: number,
    readonly body: string,
    details: string,
  ) {
    super(httpStatusError(status), { details })
  }
}

export type QueryParams = Readonly<Record<string, string | number | boolean | undefined>>

export interface RequestArgs {
  readonly path: string
  readonly params?: QueryParams
  readonly headers?: Readonly<Record<string, string>>
  readonly signal?: AbortSignal
}

export interface BodyRequestArgs extends RequestArgs {
  readonly body?: unknown
}

/** The HTTP helper: any non-OK status throws 'HTTP status code: N'. */
export interface HttpClient {
  get(args: RequestArgs): Promise<unknown>
  post(args: BodyRequestArgs): Promise<unknown>
  put(args: BodyRequestArgs): Promise<unknown>
  delete(args: BodyRequestArgs): Promise<unknown>
  getBlob(args: RequestArgs): Promise<Blob>
  /** POST whose answer is not read; returns the Response for its status. */
  send(args: BodyRequestArgs): Promise<Response>
}

export function createHttpClient(baseUrl: string, fetchImpl: typeof fetch = globalThis.fetch): HttpClient {
  const url = ({ path, params }: RequestArgs) => {
    const target = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
    for (const [key, value] of Object.entries(params ?? {})) {
      if (value !== undefined) target.searchParams.append(key, String(value))
    }
    return target.toString()
  }

  const call = async (method: string, args: BodyRequestArgs): Promise<Response> => {
    const hasBody = args.body !== undefined
    const response = await fetchImpl(url(args), {
      method,
      headers: hasBody ? { 'Content-Type': 'application/json', ...args.headers } : args.headers,
      body: hasBody ? JSON.stringify(args.body) : undefined,
      signal: args.signal,
    })
    if (!response.ok) {
      // The body is kept for callers that show the server's reason (SPEC §8 'Error resolving name').
      const body = await response.text().catch(() => '')
      throw new HttpStatusError(response.status, body, `${method} ${args.path}`)
    }
    return response
  }

  // An empty body (204, or a POST that answers nothing) is not an error.
  const json = async (response: Response): Promise<unknown> => {
    const text = await response.text()
    return text ? JSON.parse(text) : undefined
  }

  return {
    get: (args) => call('GET', args).then(json),
    post: (args) => call('POST', args).then(json),
    put: (args) => call('PUT', args).then(json),
    delete: (args) => call('DELETE', args).then(json),
    getBlob: (args) => call('GET', args).then((response) => response.blob()),
    send: (args) => call('POST', args),
  }
}
