import type { ChainNamespace, ChainState } from '../../../kernel/index.ts'
import type { PorticoViewProps } from '../../ui/PorticoView.ts'
import { Stack } from '../../ui/Stack.tsx'
import { Text } from '../../ui/Text.tsx'
import { useStoreValue } from '../../ui/useStoreValue.ts'
import { installPlatform } from './installPlatform.ts'
import { installLink, walletsFor } from './installableWallets.ts'
import { WalletGlyph } from './WalletGlyph.tsx'
import { coreMessages } from '../../locales/core/index.ts'
import { useMessages } from '../../ui/messages.ts'

const selectNamespaces = (state: ChainState) => Object.keys(state.chains).join()

/**
 * Get a wallet: a few wallets for the app's namespaces, each a link to its install page for
 * this visitor's platform, opened in a new tab that gets neither this page's window nor its
 * address (`noopener noreferrer`).
 */
export function GetWalletView({ kit }: PorticoViewProps) {
  const namespaces = useStoreValue(kit.chains, selectNamespaces).split(',') as ChainNamespace[]
  const t = useMessages(kit, coreMessages)
  const platform = installPlatform(globalThis.navigator?.userAgent ?? '')
  const wallets = walletsFor(namespaces)
  return (
    <Stack data-testid="portico-get-wallet">
      <Text variant="muted">{wallets.length > 0 ? t('getWallet.intro') : t('getWallet.noneForNetworks')}</Text>
      <ul className="list" aria-label={t('getWallet.walletsToInstall')}>
        {wallets.map((wallet) => {
          const { href, store } = installLink(wallet, platform)
          return (
            <li key={wallet.id}>
              <a className="list-item" href={href} target="_blank" rel="noopener noreferrer" data-wallet={wallet.id}>
                <WalletGlyph color={wallet.color} />
                <span className="list-item-text">
                  <span className="list-item-label" dir="auto">
                    {wallet.name}
                  </span>{' '}
                  <span className="list-item-description">{t(`getWallet.store.${store}`)}</span> {/* The name is the visible text, then this (WCAG 2.5.3, label in name). */}
                  <span className="sr-only">{t('modal.opensInNewTab')}</span>
                </span>
              </a>
            </li>
          )
        })}
      </ul>
    </Stack>
  )
}
