import * as v from 'valibot'
import { type PluginManifest, definePlugin, definePluginFlag } from '../../kernel/index.ts'
import { type SendPluginOptions, parseSendOptions } from './options.ts'
import { canSendOn } from './senders.ts'

export type { SendPluginOptions } from './options.ts'

/** The views the body registers: the form, and the review step before the wallet is asked. */
export const SEND_VIEW = 'WalletSend'
export const SEND_PREVIEW_VIEW = 'WalletSendPreview'

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
    load: async () => {
      const body = await import('./body.tsx')
      return { activate: (context) => body.activate(context, parsed) }
    },
  })
}
