import { useCallback, useEffect, useState } from 'react'
import type { BlockchainApi } from '../../../protocol/api/contract.ts'
import type { Nft } from '../../../protocol/api/schemas.ts'
import { supportsFeature } from '../../../services/blockchainApi/support.ts'
import type { ChainState } from '../../../kernel/index.ts'
import { Button, type PorticoView, Spinner, Text, WalletImage, shallowEqual, useMessages, useStoreValue } from '../../../shell/ui/index.ts'
import { messages } from '../locales/index.ts'

type NftsState =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly items: readonly Nft[]; readonly next: string | null; readonly more: boolean }

function target(state: ChainState) {
  return {
    address: state.chains[state.activeNamespace]?.accountState.address,
    chainId: state.activeCaipNetwork.caipNetworkId,
    networkName: state.activeCaipNetwork.name,
    // NFTs are read where balances are (eip155, solana).
    supported: supportsFeature('balance', state.activeNamespace),
  }
}

/** Spam NFTs are never shown. */
const withoutSpam = (items: readonly Nft[]) => items.filter((nft) => !nft.flags.is_spam)

/** The NFTs tab: what the account holds on the connected network, a page at a time. */
export function createNftsPanel(api: BlockchainApi): PorticoView {
  return function NftsPanel({ kit }) {
    const { address, chainId, networkName, supported } = useStoreValue(kit.chains, target, shallowEqual)
    const [state, setState] = useState<NftsState>({ status: 'loading' })
    const [attempt, setAttempt] = useState(0)
    const t = useMessages(kit, messages)

    useEffect(() => {
      if (!address || !supported) return
      const controller = new AbortController()
      setState({ status: 'loading' })
      api.nfts({ address, chainId, signal: controller.signal }).then(
        (page) => setState({ status: 'ready', items: withoutSpam(page.data), next: page.next, more: false }),
        () => !controller.signal.aborted && setState({ status: 'failed' }),
      )
      return () => controller.abort()
    }, [address, chainId, supported, attempt])

    const showMore = useCallback(async () => {
      if (state.status !== 'ready' || !state.next || !address) return
      setState({ ...state, more: true })
      try {
        const page = await api.nfts({ address, chainId, cursor: state.next })
        setState({ status: 'ready', items: [...state.items, ...withoutSpam(page.data)], next: page.next, more: false })
      } catch {
        setState({ status: 'failed' })
      }
    }, [state, address, chainId])

    if (!supported) {
      return (
        <div className="status">
          <Text variant="muted">{t('portfolio.nftsUnsupported')}</Text>
        </div>
      )
    }
    if (state.status === 'failed') {
      return (
        <div className="status" role="alert">
          <Text variant="error">{t('portfolio.nftsFailed')}</Text>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('portfolio.tryAgain')}
          </Button>
        </div>
      )
    }
    if (state.status === 'loading') {
      return (
        <div className="status" role="status" aria-label={t('portfolio.loadingNfts')}>
          <Spinner />
        </div>
      )
    }
    if (state.items.length === 0 && !state.next) {
      return (
        <div className="status" data-testid="nfts-empty">
          <Text>{t('portfolio.noNfts', { network: networkName })}</Text>
          <Text variant="muted">{t('portfolio.nftsWillShow', { network: networkName })}</Text>
        </div>
      )
    }
    return (
      <div className="portfolio">
        <ul className="nft-grid" aria-label={t('portfolio.nftsOn', { network: networkName })}>
          {state.items.map((nft) => (
            <li key={`${nft.address}:${nft.tokenId}`} className="nft" data-testid="nft">
              <WalletImage src={nft.imageUrl} alt="" size={120} />
              <Text as="span" className="portfolio-name">
                {nft.name ?? `${nft.collection.name} #${nft.tokenId}`}
              </Text>
              <Text as="span" variant="muted">
                {nft.collection.name}
              </Text>
            </li>
          ))}
        </ul>
        {state.next &&
          (state.more ? (
            <div className="status" role="status" aria-label={t('portfolio.loadingMoreNfts')}>
              <Spinner />
            </div>
          ) : (
            <Button variant="ghost" onClick={() => void showMore()}>
              {t('portfolio.showMoreNfts')}
            </Button>
          ))}
      </div>
    )
  }
}
