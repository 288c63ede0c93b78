import { type PublicClient, createPublicClient, http } from 'viem'
import { urlOrigin } from './redactText.ts'

// A node that lies can say any signature is valid, or that any address holds a Farcaster fid.
// Two nodes of two providers that must agree make one liar a refusal instead of a sign-in:
// the way to not trust one node.

/** One RPC URL, or two that must give the same answer to every read. */
export type RpcUrls = string | readonly [string] | readonly [string, string]

export interface RpcNode {
  /** Where the node is, for logs: scheme://host[:port], never the path or query (an API key rides there). */
  readonly origin: string
  readonly client: PublicClient
}

/** Why two URLs cannot give a second opinion, or undefined when they can (or there is one URL). */
export function secondOpinionProblem(urls: RpcUrls): string | undefined {
  const list = typeof urls === 'string' ? [urls] : urls
  if (list.length === 2 && urlOrigin(list[0]!) === urlOrigin(list[1]!)) return 'two URLs of one origin are one provider: a second opinion needs another'
  return undefined
}

/** A viem client per URL. */
export function rpcNodes(urls: RpcUrls, retryCount = 1): readonly RpcNode[] {
  const problem = secondOpinionProblem(urls)
  if (problem !== undefined) throw new Error(problem)
  return (typeof urls === 'string' ? [urls] : urls).map((url) => ({ origin: urlOrigin(url), client: createPublicClient({ transport: http(url, { retryCount }) }) }))
}

export type Agreement<T> = { agreed: true; answer: T } | { agreed: false }

/**
 * Asks every node the same read (`question` names it in the log); `verdict` words an answer,
 * and answers agree when their words do. A node that does not answer fails the whole read
 * (both must answer); nodes that answer differently give `{ agreed: false }`, logged with
 * their origins.
 *
 * @example
 * const custody = await askNodes(nodes, 'frame server: custodyOf(3)', (client) => client.readContract(...), (address) => address.toLowerCase())
 */
export async function askNodes<T>(
  nodes: readonly RpcNode[],
  question: string,
  ask: (client: PublicClient) => Promise<T>,
  verdict: (answer: T) => string = String,
): Promise<Agreement<T>> {
  const answers = await Promise.all(nodes.map((node) => ask(node.client)))
  const words = answers.map(verdict)
  if (words.every((word) => word === words[0])) return { agreed: true, answer: answers[0]! }
  const said = nodes.map((node, i) => `${node.origin} answered ${words[i]}`).join(', ')
  console.error(`${question}: the RPC nodes disagree (${said}): refused`)
  return { agreed: false }
}
