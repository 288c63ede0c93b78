import * as v from 'valibot'

/**
 * Everything a wallet, an extension or the host app hands a plugin is untrusted:
 * it passes a schema before it is used. These two run the schema so that nothing
 * the input does can throw past them, not even a Proxy or a throwing getter.
 */

type Outcome<S extends v.GenericSchema> = { readonly output: v.InferOutput<S> } | { readonly issue: string }

function run<S extends v.GenericSchema>(schema: S, value: unknown): Outcome<S> {
  try {
    const result = v.safeParse(schema, value)
    if (result.success) return { output: result.output }
    const [first] = result.issues
    const path = v.getDotPath(first)
    return { issue: path ? `${path}: ${first.message}` : first.message }
  } catch {
    return { issue: 'the value could not be read' }
  }
}

/**
 * The parsed value, or undefined when `value` does not fit.
 *
 * @example
 * const account = safeParse(StandardAccountSchema, wallet.accounts[0]) // undefined if malformed
 */
export function safeParse<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> | undefined {
  const outcome = run(schema, value)
  return 'output' in outcome ? outcome.output : undefined
}

/**
 * The parsed value, or the caller's error, made from the first problem written
 * `path: message` (only the message when the value itself is wrong).
 *
 * @example
 * parseOrThrow(AddressListSchema, answer, (issue) => invalidAnswer('eth_accounts', issue))
 */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, value: unknown, fail: (issue: string) => Error): v.InferOutput<S> {
  const outcome = run(schema, value)
  if ('output' in outcome) return outcome.output
  throw fail(outcome.issue)
}
