import * as v from 'valibot'
import { ConfigError, type PluginManifest, definePlugin, definePluginFlag } from '../../kernel/index.ts'
import { type ParsedSendOptions, SEND_PREVIEW_VIEW, SEND_VIEW, SendOptionsSchema, canSendOn } from './contract.ts'

export type { NamespaceSender, SendDraft, SendQuote, SendRequest, SendToken, SenderContext } from './sender.ts'

/** What `sendPlugin()` takes. */
export interface SendPluginOptions {
  /**
   * ERC20 contracts whose `transfer` returns nothing, the shape of USDT (SPEC §9), beside
   * the built-in list of USDT's own contracts. Their transfers are checked with the ABI
   * that has no bool return; any other token must return true.
   */
  readonly usdtContracts?: readonly string[]
}

/** The options checked when the app creates the plugin; a bad one throws a ConfigError naming it. */
export function parseSendOptions(options: SendPluginOptions): ParsedSendOptions {
  const parsed = v.safeParse(SendOptionsSchema, options)
  if (parsed.success) return parsed.output
  const issue = parsed.issues[0]
  throw new ConfigError(`sendPlugin.${v.getDotPath(issue) ?? ''}`, issue.message)
}

/**
 * Send: a token of the account, an amount and a receiver, the network fee and its
 * dollar value, a review step, then the wallet sends. On unless `features.send` is
 * false; loaded the first time the Send button is pressed.
 *
 * @example
 * createPortico({ projectId, networks: [mainnet], plugins: [eip155Plugin(), sendPlugin()] })
 * // a token whose transfer returns nothing, like USDT, on a chain of your own:
 * sendPlugin({ usdtContracts: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'] })
 */
export function sendPlugin(options: SendPluginOptions = {}): PluginManifest {
  const parsed = parseSendOptions(options)
  return definePlugin({
    id: 'send',
    flags: [definePluginFlag({ name: 'send', schema: v.boolean(), default: true })],
    enabledBy: 'send',
    contributes: {
      views: [SEND_VIEW, SEND_PREVIEW_VIEW],
      styles:
        '.send-form{display:flex;flex-direction:column;gap:12px}' +
        // The modal's own rule covers buttons and inputs; a select would keep the browser's black text.
        '.send-form select{font:inherit;color:inherit}' +
        '.send-field{display:flex;flex-direction:column;gap:4px}' +
        '.send-row{display:flex;gap:8px;align-items:center}.send-row .input{flex:1}.send-row .button{width:auto}' +
        '.send-summary{margin:0;display:grid;grid-template-columns:auto 1fr;gap:8px 12px}' +
        '.send-summary dt{color:var(--portico-muted)}.send-summary dd{margin:0;text-align:end;overflow-wrap:anywhere}',
      // Last of the wallet features (SPEC §9: onramp, swaps, receive, send); receive is 30.
      walletFeatures: [
        {
          id: 'send',
          label: 'Send',
          icon: 'M12 20V8M6 14l6-6 6 6M5 4h14',
          view: SEND_VIEW,
          rank: 40,
          whenAccount: (account) => canSendOn(account.caipAddress),
        },
      ],
    },
    messages: () => import('./locales/index.ts'),
    load: async () => {
      const body = await import('./body.tsx')
      return { activate: (context) => body.activate(context, parsed) }
    },
  })
}
