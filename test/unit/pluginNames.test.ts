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
})
