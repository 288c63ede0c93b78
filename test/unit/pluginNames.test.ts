import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { allPlugins } from '../../entries/all.ts'

// Next to the layer test: the kernel and the shell name no plugin. What a plugin adds
// (views, flags, connect sections, features, tabs) reaches them only as contributions.
const root = resolve(import.meta.dirname, '../..')

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(root, folder, name)
    if (statSync(path).isDirectory()) return sourceFiles(relative(root, path))
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes('/test/') ? [relative(root, path)] : []
  })
}

/** The code without its comments, so a comment that explains a rule may name a feature. */
function code(file: string): string {
  return readFileSync(join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

/** Every name a built-in plugin contributes, and the names of the plugins still to come. */
function pluginNames(): Set<string> {
  const names = new Set<string>([
    // Views and flags of plugins the coming issues build (embedded wallet, socials, SIWX, names, swaps, ...).
    'ConnectingFarcaster',
    'ConnectingSiwe',
    'SIWXSignMessage',
    'ApproveTransaction',
    'RegisterAccountName',
    'RegisterAccountNameSuccess',
    'email',
    'emailShowWallets',
    'socials',
    'swaps',
    'onramp',
    'send',
    'history',
  ])
  for (const plugin of allPlugins()) {
    const c = plugin.contributes
    for (const flag of plugin.flags ?? []) names.add(flag.name)
    for (const view of c.views ?? []) names.add(view)
    for (const m of c.connectMethods ?? []) names.add(m.id).add(m.section)
    for (const f of c.walletFeatures ?? []) names.add(f.id).add(f.view)
    for (const t of c.accountTabs ?? []) names.add(t.id).add(t.panel)
    for (const v of c.connectorViews ?? []) names.add(v.view)
    for (const e of c.walletListEntries ?? []) names.add(e.id).add(e.view)
    if (c.basicMode) names.add(c.basicMode.view).add(c.basicMode.mobileView)
  }
  return names
}

/** The same word used for something else, each with its reason; anything new fails the test. */
const NOT_A_PLUGIN_NAME = new Set([
  // How an embedded-wallet visitor logged in (the account's auth provider), not the email flag.
  "shell/hooks/usePorticoAccount.ts: 'email'",
])

function mentions(folder: string, names: Set<string>): string[] {
  return sourceFiles(folder).flatMap((file) =>
    [...code(file).matchAll(/(['"`])([A-Za-z][\w-]*)\1/g)]
      .filter((match) => names.has(match[2]!))
      .map((match) => `${file}: ${match[0]}`)
      .filter((mention) => !NOT_A_PLUGIN_NAME.has(mention)),
  )
}

/**
 * The words of an identifier, a string's text or a file name ('connectedSocialUsername',
 * 'WALLET_CONNECT', 'siwxStores'), lower-cased, with each pair joined too ('walletconnect').
 */
function words(name: string): string[] {
  const single = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  return [...single, ...single.slice(1).map((word, i) => single[i] + word)]
}

/**
 * The built-in plugins' own words: their ids and folders (chain namespaces are the kernel's
 * own notion, so the namespace plugins are left out), singulars, and the names of their flows.
 */
function pluginWords(): Set<string> {
  const namespaces = new Set(readdirSync(join(root, 'plugins/namespaces')))
  const ids = [...allPlugins().map((plugin) => plugin.id), ...readdirSync(join(root, 'plugins')).filter((name) => name !== 'namespaces')]
  return new Set([...ids.filter((id) => !namespaces.has(id)).map((id) => id.toLowerCase()), 'swap', 'social', 'siwe', 'farcaster', 'embeddedwallet'])
}

/** Files that are shared tables by design, named for a reason. */
const SHARED_TABLES: Record<string, string> = {
  'kernel/errors/catalogue.ts': "the one message catalogue every visible string comes from (the charter), plugins' texts included",
  'kernel/rpc/methods.ts': 'the standard RPC method names (eth_sendTransaction, wallet_sendCalls)',
}

/** Folders another branch moves to protocol/ (issue 28 item 1): the Blockchain API contract and the SIWX message. */
const MOVING_TO_PROTOCOL = ['kernel/api/', 'kernel/siwx/']

/** Identifiers that use a plugin's word for something else, or that the kernel still holds, each with its reason. */
const NOT_A_PLUGIN_IDENTIFIER: Record<string, string> = {
  // The same word, another meaning.
  'kernel/analytics/startAnalytics.ts: send': 'sending analytics events',
  'kernel/connection/actions.ts: sendRequest': 'sending a request to the connected wallet',
  'kernel/connection/connectionService.ts: sendRequest': 'sending a request to the connected wallet',
  'kernel/connection/sendRequest.ts: sendRequest': 'sending a request to the connected wallet',
  'kernel/connection/sendRequest.ts: sendRequest.ts': 'sending a request to the connected wallet',
  'kernel/plugins/requiredPackages.ts: namesSpecifier': 'the name of an npm package',
  'kernel/theme/themeDefaults.ts: names': 'CSS property names',
  'shell/ui/cx.ts: names': 'class names',
  'shell/ui/shownText.ts: names': 'names in a text',
  'kernel/router/router.ts: history': "the router's history of views",
  'shell/modal/Header.tsx: history': "the router's history of views",
  'shell/modal/ViewHost.tsx: history': "the router's history of views",
  'kernel/constants.ts: SNACK_SWAP_DELAY_MS': 'one snack message swapped for the next (SPEC §9)',
  'kernel/snack/snackService.ts: SNACK_SWAP_DELAY_MS': 'one snack message swapped for the next (SPEC §9)',
  'kernel/snack/snackService.ts: swapTimer': 'one snack message swapped for the next (SPEC §9)',
  'kernel/constants.ts: walletConnect': 'a wallet group of the list order (SPEC §9 connector type order)',
  'kernel/connectOrder/connectorGroup.ts: walletConnect': 'the same group of the list order (SPEC §9), given to a connector that relays wallets',
  'kernel/config/schema.ts: walletconnect': "the public relay's host, the default of endpoints.relay",
  // SPEC's account and connector model (§3): an embedded wallet's account has its auth provider
  // (email or a social provider), and the connector types are SPEC's list.
  'kernel/chains/accountState.ts: SocialOption': 'SPEC §3 account: the social provider',
  'kernel/chains/accountState.ts: social': 'SPEC §3 account: the social provider',
  'kernel/chains/accountState.ts: socialProvider': 'SPEC §3 account: the social provider',
  'kernel/chains/accountState.ts: email': 'SPEC §3 embedded-wallet user: email',
  'kernel/connection/applyConnection.ts: social': 'SPEC §3 account: the social provider',
  'kernel/connection/applyConnection.ts: socialProvider': 'SPEC §3 account: the social provider',
  'kernel/connection/chainAdapter.ts: socialProvider': 'SPEC §3 account: the social provider',
  'kernel/constants.ts: SOCIAL_PROVIDERS': 'SPEC §5: the social providers, re-exported from the one list in protocol/',
  'kernel/constants.ts: socialProviders': 'the path of that one list, protocol/socialProviders.ts',
  'kernel/constants.ts: SocialOption': 'SPEC §3 account: the social provider',
  'kernel/constants.ts: SocialProvider': 'SPEC §3 account: the social provider',
  'kernel/constants.ts: farcaster': 'SPEC §3 account: farcaster is a social provider',
  'kernel/connectorRegistry/connector.ts: AUTH': "SPEC's connector types (what a connector is, not what the kernel does with it)",
  'kernel/connectorRegistry/connector.ts: WALLET_CONNECT': "SPEC's connector types (what a connector is, not what the kernel does with it)",
  'shell/hooks/usePorticoAccount.ts: EmbeddedWalletInfo': 'SPEC §3 account: embeddedWalletInfo of the public account hook',
  'shell/hooks/usePorticoAccount.ts: embeddedWalletInfo': 'SPEC §3 account: embeddedWalletInfo of the public account hook',
  'shell/hooks/usePorticoAccount.ts: authProvider': 'SPEC §3 account: the auth provider',
  'shell/hooks/usePorticoAccount.ts: SocialOption': 'SPEC §3 account: the social provider',
  'shell/hooks/usePorticoAccount.ts: socialProvider': 'SPEC §3 account: the social provider',
  'shell/hooks/usePorticoAccount.ts: email': 'SPEC §3 embedded-wallet user: email',
  // Still to move (issue 28 item 2: storage keys scoped per plugin and cleared through the disconnect hook).
  'kernel/storage/keys.ts: SOCIAL_PROVIDERS': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: connectedSocial': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: connectedSocialUsername': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: connected_social': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: connected_social_username': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: email': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: email_login_used': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: farcaster': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: frameEmail': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: frameEmailLoginUsed': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: frameLastEmailLoginTime': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: frameSocialUsername': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: last_email_login_time': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: portfolioCache': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: portfolio_cache': 'still to move: storage keys per plugin',
  'kernel/storage/keys.ts: social_username': 'still to move: storage keys per plugin',
  'kernel/storage/storage.ts: portfolioCache': 'still to move: storage keys per plugin',
  'kernel/connection/connectionService.ts: portfolioCache': 'still to move: storage keys per plugin',
  'kernel/connection/disconnect.ts: connectedSocial': 'still to move: storage keys per plugin',
  'kernel/connection/disconnect.ts: connectedSocialUsername': 'still to move: storage keys per plugin',
  'kernel/connection/resumeConnections.ts: connectedSocial': 'still to move: storage keys per plugin',
  'kernel/connection/resumeConnections.ts: connectedSocialUsername': 'still to move: storage keys per plugin',
  'kernel/constants.ts: portfolio': 'still to move: the portfolio cache lifetime, with its storage key',
}

/** Identifiers, string texts and file or folder names of `folder` that carry a plugin's word. */
function identifierMentions(folder: string, vocabulary: Set<string>): string[] {
  const found = new Set<string>()
  for (const file of sourceFiles(folder)) {
    if (file in SHARED_TABLES || MOVING_TO_PROTOCOL.some((moving) => file.startsWith(moving))) continue
    const names = [...code(file).matchAll(/[A-Za-z_$][\w$]*/g)].map((match) => match[0])
    for (const name of [...names, ...file.split('/').slice(1)]) {
      if (words(name.replace(/\.tsx?$/, '')).some((word) => vocabulary.has(word))) found.add(`${file}: ${name}`)
    }
  }
  return [...found].filter((mention) => !(mention in NOT_A_PLUGIN_IDENTIFIER))
}

describe('the kernel and the shell name no plugin', () => {
  const names = pluginNames()

  it('knows the names it looks for (the scan itself works)', () => {
    expect(names.has('Receive')).toBe(true)
    expect(names.has('AllWallets')).toBe(true)
    expect(names.has('allWallets')).toBe(true)
    expect(mentions('plugins/receive', names)).not.toEqual([])
  })

  it('kernel/ mentions no plugin view, flag, section, feature or tab', () => {
    expect(mentions('kernel', names)).toEqual([])
  })

  it('shell/ mentions no plugin view, flag, section, feature or tab', () => {
    expect(mentions('shell', names)).toEqual([])
  })

  it("reads identifiers and file names too: the words it looks for, and what they catch (a folder, a constant, a type's field, a type name)", () => {
    const vocabulary = pluginWords()
    expect([...vocabulary].filter((word) => ['siwx', 'swaps', 'socials', 'walletconnect', 'auth', 'portfolio', 'onramp'].includes(word)).sort()).toEqual([
      'auth',
      'onramp',
      'portfolio',
      'siwx',
      'socials',
      'swaps',
      'walletconnect',
    ])
    expect(vocabulary.has('eip155')).toBe(false)
    for (const [name, caught] of [
      ['siwxStores', true],
      ['SWAP_NETWORKS', true],
      ['socialWindow', true],
      ['WALLET_CONNECT', true],
      ['AUTH', true],
      ['COINBASE_PAY_CHAINS', false],
      ['connectedConnector', false],
    ] as const) {
      expect([name, words(name).some((word) => vocabulary.has(word))]).toEqual([name, caught])
    }
  })

  it('kernel/ has no identifier, string or file named for a plugin, beyond the listed reasons', () => {
    expect(identifierMentions('kernel', pluginWords())).toEqual([])
  })

  it('shell/ has no identifier, string or file named for a plugin, beyond the listed reasons', () => {
    expect(identifierMentions('shell', pluginWords())).toEqual([])
  })

  it('every listed reason is still needed (a moved offender leaves the list)', () => {
    const vocabulary = pluginWords()
    const all = new Set(
      ['kernel', 'shell'].flatMap((folder) =>
        sourceFiles(folder).flatMap((file) =>
          [...[...code(file).matchAll(/[A-Za-z_$][\w$]*/g)].map((match) => match[0]), ...file.split('/').slice(1)]
            .filter((name) => words(name.replace(/\.tsx?$/, '')).some((word) => vocabulary.has(word)))
            .map((name) => `${file}: ${name}`),
        ),
      ),
    )
    expect(Object.keys(NOT_A_PLUGIN_IDENTIFIER).filter((mention) => !all.has(mention))).toEqual([])
  })
})
