import { HttpRpcDefaults } from '../constants.ts'
import { PorticoError } from '../errors/base.ts'
import { HttpRpcErrorText, httpStatusError } from '../errors/catalogue.ts'

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
  /** The browser's HTTP cache mode for this request, e.g. 'no-cache' (SPEC §7: Coinbase's on-ramp transactions). */
  readonly cache?: RequestCache
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
}

export interface HttpClientOptions {
  /**
   * How long one request may take, answer body included, before it fails with 'The request
   * took too long to respond.': a server that never answers must not leave a view loading
   * forever. The HTTP RPC default, 10 s.
   */
  readonly timeoutMs?: number
}

export function createHttpClient(baseUrl: string, fetchImpl: typeof fetch = globalThis.fetch, { timeoutMs = HttpRpcDefaults.timeoutMs }: HttpClientOptions = {}): HttpClient {
  const url = ({ path, params }: RequestArgs) => {
    const target = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
    for (const [key, value] of Object.entries(params ?? {})) {
      if (value !== undefined) target.searchParams.append(key, String(value))
    }
    return target.toString()
  }

  /** One request, read by `read` within the time limit; the caller's signal still aborts it as before. */
  const call = async <T>(method: string, args: BodyRequestArgs, read: (response: Response) => Promise<T>): Promise<T> => {
    const hasBody = args.body !== undefined
    const controller = new AbortController()
    const abort = () => controller.abort(args.signal?.reason)
    if (args.signal?.aborted) abort()
    args.signal?.addEventListener('abort', abort)
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    try {
      const response = await fetchImpl(url(args), {
        method,
        headers: hasBody ? { 'Content-Type': 'application/json', ...args.headers } : args.headers,
        body: hasBody ? JSON.stringify(args.body) : undefined,
        signal: controller.signal,
        ...(args.cache ? { cache: args.cache } : {}),
      })
      if (!response.ok) {
        // The body is kept for callers that show the server's reason (SPEC §8 'Error resolving name').
        const body = await response.text().catch(() => '')
        throw new HttpStatusError(response.status, body, `${method} ${args.path}`)
      }
      return await read(response)
    } catch (error) {
      if (timedOut) throw new PorticoError(HttpRpcErrorText.TIMEOUT, { details: `${method} ${args.path}: no answer within ${timeoutMs} ms`, cause: error })
      throw error
    } finally {
      clearTimeout(timer)
      args.signal?.removeEventListener('abort', abort)
    }
  }

  // An empty body (204, or a POST that answers nothing) is not an error.
  const json = async (response: Response): Promise<unknown> => {
    const text = await response.text()
    return text ? JSON.parse(text) : undefined
  }

  return {
    get: (args) => call('GET', args, json),
    post: (args) => call('POST', args, json),
    put: (args) => call('PUT', args, json),
    delete: (args) => call('DELETE', args, json),
    getBlob: (args) => call('GET', args, (response) => response.blob()),
  }
}
