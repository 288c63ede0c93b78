import { Fragment, type ReactNode } from 'react'

const PLACEHOLDER = /<(\d+)>(.*?)<\/\1>/g

/**
 * A message with rich-text placeholders (`By connecting you agree to our <0>Terms</0>`): each
 * `<n>…</n>` rendered by `parts[n]` with its translated text, the rest as text. One message
 * keeps the sentence whole, so each language puts the links where its word order wants them.
 */
export function richText(text: string, parts: readonly ((children: string) => ReactNode)[]): ReactNode[] {
  const nodes: ReactNode[] = []
  let at = 0
  for (const match of text.matchAll(PLACEHOLDER)) {
    const start = match.index ?? at
    if (start > at) nodes.push(text.slice(at, start))
    const render = parts[Number(match[1])]
    nodes.push(<Fragment key={start}>{render ? render(match[2]!) : match[2]}</Fragment>)
    at = start + match[0].length
  }
  if (at < text.length) nodes.push(text.slice(at))
  return nodes
}
