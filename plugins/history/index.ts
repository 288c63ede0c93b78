import * as v from 'valibot'
import { apiCapabilities } from '../../services/blockchainApi/support.ts'
import { type PluginManifest, definePlugin, definePluginFlag } from '../../kernel/index.ts'
import { ACTIVITY_PANEL } from './contract.ts'

/**
 * History: the Activity tab of the Account view, the account's transactions on the
 * connected network from the Blockchain API (`endpoints.blockchainApi`), by month,
 * paged as the list scrolls. On unless `features.history` is false; the tab is left
 * out when no API is configured (the direct RPC fallback has no history).
 *
 * @example
 * createPortico({
 *   projectId, networks: [mainnet],
 *   endpoints: { blockchainApi: 'https://api.example.com/' },
 *   plugins: [eip155Plugin(), historyPlugin()],
 * })
 */
export function historyPlugin(): PluginManifest {
  return definePlugin({
    id: 'history',
    flags: [definePluginFlag({ name: 'history', schema: v.boolean(), default: true })],
    enabledBy: 'history',
    contributes: {
      views: [ACTIVITY_PANEL],
      // After Tokens (10) and NFTs (20).
      accountTabs: [
        {
          id: 'activity',
          label: 'Activity',
          panel: ACTIVITY_PANEL,
          rank: 30,
          when: (config) => apiCapabilities(config).history,
        },
      ],
      styles:
        '.activity{display:flex;flex-direction:column;gap:12px}' +
        '.activity-heading{margin:0 0 4px;color:var(--portico-muted)}' +
        '.activity-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}' +
        '.activity-row{display:flex;align-items:center;gap:12px}' +
        '.activity-main,.activity-side{display:flex;flex-direction:column;gap:2px;min-width:0}' +
        '.activity-main{flex:1}.activity-side{align-items:flex-end;text-align:end}' +
        '.activity-title{font-weight:600}' +
        '.activity-detail{color:var(--portico-muted);font-size:calc(var(--portico-font-size-base) * 1.2)}',
    },
    load: () => import('./body.tsx'),
    messages: () => import('./locales/index.ts'),
  })
}
