import * as v from 'valibot'

/**
 * A wallet icon is kept only if rendering it cannot run script or reach an
 * unexpected place: a `data:image/` URI or an http(s) URL. `javascript:` and the
 * rest are dropped. Wallet metadata is untrusted.
 */
const WalletIconSchema = v.union([
  // Capped so that a wallet cannot make the page hold or render megabytes per icon.
  v.pipe(v.string(), v.startsWith('data:image/'), v.maxLength(200_000)),
  v.pipe(v.string(), v.maxLength(2048), v.url(), v.regex(/^https?:\/\//, 'must be http(s)')),
])

/**
 * The icon if it is safe to render, else undefined.
 *
 * @example
 * safeIconUrl('data:image/svg+xml;base64,PHN2Zy8+') // kept
 * safeIconUrl('javascript:alert(1)') // undefined
 */
export function safeIconUrl(icon: unknown): string | undefined {
  try {
    const result = v.safeParse(WalletIconSchema, icon)
    return result.success ? result.output : undefined
  } catch {
    return undefined
  }
}
