import * as v from 'valibot'
import { PorticoError } from '../../kernel/index.ts'
// Not through the kernel's index: that would put the HTTP client in every app's first screen.
import { createHttpClient } from '../../kernel/http/httpClient.ts'

/** A wallet as AllWallets and ConnectingWalletConnect show it. Every field came from the registry: untrusted. */
export interface RegistryWallet {
  readonly id: string
  readonly name: string
  readonly imageUrl?: string
  readonly rdns?: string
  readonly homepage?: string
  /** A native scheme (`wallet://`) or a universal link for phones. */
  readonly mobileLink?: string
  readonly desktopLink?: string
  readonly webappLink?: string
  /** Its App Store and Google Play pages: offered when its app did not open on a phone. */
  readonly appStore?: string
  readonly playStore?: string
}

export interface WalletQuery {
  /** 1-based. */
  readonly page: number
  readonly entries: number
  readonly search?: string
  /** Only these ids (featured wallets, or the integrator's include list). */
  readonly include?: readonly string[]
  readonly exclude?: readonly string[]
}

export interface WalletPage {
  /** How many wallets match, over all pages. */
  readonly count: number
  readonly wallets: readonly RegistryWallet[]
}

/** Where AllWallets gets its list. */
export interface WalletRegistry {
  list(query: WalletQuery, signal?: AbortSignal): Promise<WalletPage>
}

export const RegistryErrorText = {
  INVALID_ANSWER: 'The wallet registry sent an answer Portico cannot read',
} as const

const Text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max))
const OptionalText = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.maxLength(max))))

/** One wallet of the registry's answer (snake_case, as the explorer API writes it). */
export const RegistryWalletSchema = v.object({
  id: v.pipe(Text(128), v.regex(/^[A-Za-z0-9._:-]+$/, 'must be a plain id')),
  name: Text(64),
  image_url: OptionalText(2048),
  image_id: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,128}$/)))),
  homepage: OptionalText(2048),
  rdns: OptionalText(256),
  mobile_link: OptionalText(2048),
  desktop_link: OptionalText(2048),
  webapp_link: OptionalText(2048),
  app_store: OptionalText(2048),
  play_store: OptionalText(2048),
})

export const WalletPageSchema = v.object({
  count: v.pipe(v.number(), v.integer(), v.minValue(0)),
  data: v.pipe(v.array(v.unknown()), v.maxLength(500)),
})

export interface HttpWalletRegistryOptions {
  readonly projectId?: string
  readonly fetch?: typeof fetch
  /** Told about each entry that was dropped for failing its schema. */
  readonly onInvalidEntry?: (issue: string) => void
}

/**
 * The registry over HTTP at a configurable base URL (`endpoints.walletRegistry`):
 * `GET {base}/getWallets?page&entries&search&include&exclude` answering
 * `{ count, data: [wallet...] }`. The envelope must pass its schema; a wallet
 * that does not is dropped, never shown.
 *
 * @example
 * const registry = createHttpWalletRegistry('http://127.0.0.1:8630')
 * const { wallets } = await registry.list({ page: 1, entries: 40, search: 'rain' })
 */
export function createHttpWalletRegistry(baseUrl: string, options: HttpWalletRegistryOptions = {}): WalletRegistry {
  const http = createHttpClient(baseUrl, options.fetch ?? ((...args) => globalThis.fetch(...args)))
  const imageUrl = (id: string) => new URL(`getWalletImage/${encodeURIComponent(id)}`, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString()
  return {
    async list({ page, entries, search, include, exclude }, signal) {
      const answer = await readAnswer(() =>
        http.get({
          path: 'getWallets',
          params: {
            page,
            entries,
            search: search?.trim() || undefined,
            include: include?.length ? include.join(',') : undefined,
            exclude: exclude?.length ? exclude.join(',') : undefined,
          },
          headers: options.projectId ? { 'x-project-id': options.projectId } : undefined,
          signal,
        }),
      )
      const envelope = v.safeParse(WalletPageSchema, answer)
      if (!envelope.success) {
        throw new PorticoError(RegistryErrorText.INVALID_ANSWER, { details: envelope.issues[0].message })
      }
      const wallets: RegistryWallet[] = []
      for (const entry of envelope.output.data) {
        const parsed = v.safeParse(RegistryWalletSchema, entry)
        if (!parsed.success) {
          options.onInvalidEntry?.(`${v.getDotPath(parsed.issues[0]) ?? ''}: ${parsed.issues[0].message}`)
          continue
        }
        const w = parsed.output
        wallets.push({
          id: w.id,
          name: w.name,
          imageUrl: w.image_url ?? (w.image_id ? imageUrl(w.image_id) : undefined),
          rdns: w.rdns ?? undefined,
          homepage: w.homepage ?? undefined,
          mobileLink: w.mobile_link ?? undefined,
          desktopLink: w.desktop_link ?? undefined,
          webappLink: w.webapp_link ?? undefined,
          appStore: w.app_store ?? undefined,
          playStore: w.play_store ?? undefined,
        })
      }
      return { count: envelope.output.count, wallets }
    },
  }
}

/** The registry's answer; a body that is not JSON is the registry's unreadable answer, not a SyntaxError. */
async function readAnswer(get: () => Promise<unknown>): Promise<unknown> {
  try {
    return await get()
  } catch (error) {
    if (error instanceof SyntaxError) throw new PorticoError(RegistryErrorText.INVALID_ANSWER, { details: 'not JSON', cause: error })
    throw error
  }
}
