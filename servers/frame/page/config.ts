import * as v from 'valibot'

/** The id of the JSON block that carries the page's configuration (html.ts writes it). */
export const CONFIG_ELEMENT_ID = 'portico-frame-config'

const HttpUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//))

/** A network where the embedded wallet has a smart account: the ERC-4337 bundler it sends through, and the ERC-7677 paymaster service that sponsors it (optional). */
export const SmartAccountNetworkSchema = v.object({
  caipNetworkId: v.pipe(v.string(), v.regex(/^eip155:[1-9]\d{0,15}$/)),
  bundlerUrl: HttpUrl,
  paymasterUrl: v.optional(HttpUrl),
})
export type SmartAccountNetwork = v.InferOutput<typeof SmartAccountNetworkSchema>

export const FrameConfigSchema = v.object({
  /** The host origins this project allows: the only ones whose messages the frame reads. */
  allowedOrigins: v.array(v.pipe(v.string(), v.regex(/^https?:\/\/[^/\s?#]+$/))),
  projectId: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  version: v.number(),
  /** The networks with smart accounts, from the frame server's options: the host cannot name another bundler. */
  smartAccounts: v.optional(v.array(SmartAccountNetworkSchema), []),
})
export type FrameConfig = v.InferOutput<typeof FrameConfigSchema>

export function readConfig(doc: Document): FrameConfig {
  const text = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent
  if (!text) throw new Error(`the frame page has no #${CONFIG_ELEMENT_ID} block`)
  return v.parse(FrameConfigSchema, JSON.parse(text))
}
