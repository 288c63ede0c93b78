/**
 * The one error class Portico throws, on the client and on its servers (the SIWX message's
 * errors extend it), so it lives on the ground floor. `shortMessage` is the catalogue text
 * so callers and tests can compare against the named constant.
 *
 * @example
 * throw new PorticoError(ErrorText.CHAIN_ADAPTER_NOT_FOUND, { details: 'eip155' })
 */
export class PorticoError extends Error {
  override name = 'PorticoError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly docsPath: string | undefined

  constructor(shortMessage: string, options: { details?: string; docsPath?: string; cause?: unknown } = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    })
    this.shortMessage = shortMessage
    this.details = options.details
    this.docsPath = options.docsPath
  }

  /** Walks the cause chain and returns the innermost error (or the first that matches). */
  walk(match?: (error: unknown) => boolean): unknown {
    let current: unknown = this
    while (current instanceof Error) {
      if (match?.(current)) return current
      if (!current.cause) return match ? undefined : current
      current = current.cause
    }
    return match ? undefined : current
  }
}
