import type { Messages } from '@lingui/core'
import type { PorticoKit } from '../../kernel/index.ts'
import { uiMessages } from './locales/index.ts'
import { useMessages } from './messages.ts'

/**
 * Code throws, snacks and tests compare the English catalogue texts (kernel/errors/catalogue.ts);
 * what the visitor reads is their translation. These keys of the core catalogue are those texts.
 */
const SHOWN = /^(snack|alert|error)\./

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Each shown text as a pattern over the English: its arguments become groups. */
const patterns = Object.entries(uiMessages.en as Messages)
  .filter(([key]) => SHOWN.test(key))
  .map(([key, compiled]) => {
    const parts = (Array.isArray(compiled) ? compiled : [compiled]) as readonly (string | readonly [string])[]
    const names = parts.filter((part): part is readonly [string] => typeof part !== 'string').map(([name]) => name)
    const source = parts.map((part) => (typeof part === 'string' ? escape(part) : '(.+?)')).join('')
    return { key, names, pattern: new RegExp(`^${source}$`) }
  })

/**
 * Shows an English catalogue text (a snack, an alert, an error's short message) in the kit's
 * locale; any other text (a wallet's own error, say) as it is.
 */
export function useShownText(kit: PorticoKit): (english: string) => string {
  const t = useMessages(kit, uiMessages)
  return (english) => {
    for (const { key, names, pattern } of patterns) {
      const match = pattern.exec(english)
      if (match) return t(key as never, Object.fromEntries(names.map((name, index) => [name, match[index + 1]])))
    }
    return english
  }
}
