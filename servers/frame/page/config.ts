import * as v from 'valibot'

/** The id of the JSON block that carries the page's configuration (html.ts writes it). */
export const CONFIG_ELEMENT_ID = 'portico-frame-config'

export const FrameConfigSchema = v.object({
  /** The host origins this project allows: the only ones whose messages the frame reads. */
  allowedOrigins: v.array(v.pipe(v.string(), v.regex(/^https?:\/\/[^/\s?#]+$/))),
  projectId: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  version: v.number(),
})
export type FrameConfig = v.InferOutput<typeof FrameConfigSchema>

export function readConfig(doc: Document): FrameConfig {
  const text = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent
  if (!text) throw new Error(`the frame page has no #${CONFIG_ELEMENT_ID} block`)
  return v.parse(FrameConfigSchema, JSON.parse(text))
}
