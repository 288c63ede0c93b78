import { useEffect, useId, useMemo, useState } from 'react'
import { type Connector, DEBOUNCE_MS, type PorticoKit, type RecentWallet } from '../../../kernel/index.ts'
import { Button, ListItem, type PorticoViewProps, Spinner, Stack, Text, WalletImage, useStoreValue, useMessages } from '../../../shell/ui/index.ts'
import type { WalletConnectController } from '../controller.ts'
import type { RegistryWallet } from '../registry.ts'
import { type WalletEntry, buildWalletList } from '../walletList.ts'
import { messages } from '../locales/index.ts'
import { CONNECTING_WALLET_CONNECT_BASIC_VIEW, CONNECTING_WALLET_CONNECT_VIEW } from '../contract.ts'

/** Registry wallets per page. */
export const WALLETS_PER_PAGE = 40

interface Loaded {
  readonly search: string
  readonly pages: number
  readonly count: number
  readonly wallets: readonly RegistryWallet[]
}

const selectConnectors = (s: { connectors: readonly Connector[] }) => s.connectors

/**
 * AllWallets: every wallet the visitor can use, with search and paging
 * from the wallet registry; featured, recommended, include and exclude lists in
 * the connector group order; installed (discovered) wallets marked.
 */
export function createAllWalletsView(controller: WalletConnectController) {
  return function AllWalletsView({ kit }: PorticoViewProps) {
    const searchId = useId()
    const t = useMessages(kit, messages)
    const connectors = useStoreValue(kit.connectors.store, selectConnectors)
    const [recent] = useState<readonly RecentWallet[]>(() => kit.storage.get('recentWallets') ?? [])
    const [query, setQuery] = useState('')
    const search = useDebounced(query.trim(), DEBOUNCE_MS)
    const [pages, setPages] = useState(1)
    const [retries, setRetries] = useState(0)
    const [featured, setFeatured] = useState<readonly RegistryWallet[]>([])
    const [loaded, setLoaded] = useState<Loaded | undefined>()
    const [error, setError] = useState(false)
    const { registry } = controller
    const { featuredWalletIds, includeWalletIds, excludeWalletIds } = kit.config

    useEffect(() => setPages(1), [search])

    useEffect(() => {
      if (!registry || featuredWalletIds.length === 0) return
      const abort = new AbortController()
      registry
        .list({ page: 1, entries: featuredWalletIds.length, include: featuredWalletIds }, abort.signal)
        .then((page) => setFeatured(page.wallets))
        .catch(() => undefined)
      return () => abort.abort()
    }, [registry, featuredWalletIds])

    useEffect(() => {
      if (!registry) return
      const abort = new AbortController()
      setError(false)
      registry
        .list(
          {
            page: pages,
            entries: WALLETS_PER_PAGE,
            search: search || undefined,
            include: includeWalletIds.length ? includeWalletIds : undefined,
            exclude: [...excludeWalletIds, ...(search ? [] : featuredWalletIds)],
          },
          abort.signal,
        )
        .then((page) =>
          setLoaded((previous) => ({
            search,
            pages,
            count: page.count,
            wallets: pages > 1 && previous?.search === search ? [...previous.wallets, ...page.wallets] : page.wallets,
          })),
        )
        .catch(() => {
          if (!abort.signal.aborted) setError(true)
        })
      return () => abort.abort()
    }, [registry, search, pages, retries, includeWalletIds, excludeWalletIds, featuredWalletIds])

    const current = loaded?.search === search ? loaded : undefined
    const entries = useMemo(
      () =>
        buildWalletList({
          config: kit.config,
          connectors,
          recent,
          featured,
          registry: current?.wallets ?? [],
          search,
        }),
      [kit.config, connectors, recent, featured, current, search],
    )
    const loading = Boolean(registry) && !current && !error
    // Installed wallets are listed ahead of the registry's, and a page can announce any number:
    // the whole list is paged like the registry's (the QR entry that heads it aside).
    const limit = pages * WALLETS_PER_PAGE + (search ? 0 : 1)
    const shown = entries.length > limit ? entries.slice(0, limit) : entries
    const more = shown.length < entries.length || (current !== undefined && current.wallets.length < current.count)

    return (
      <Stack data-testid="portico-all-wallets">
        <label className="sr-only" htmlFor={searchId}>
          {t('walletconnect.search')}
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          placeholder={t('walletconnect.search')}
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <ul className="list" aria-label={t('walletconnect.wallets')}>
          {shown.map((entry) => (
            <li key={`${entry.group}:${entry.id}`}>
              <ListItem image={<WalletImage src={entry.imageUrl} />} description={describe(entry)} data-wallet={entry.id} onClick={() => select(kit, entry)}>
                {entry.name}
              </ListItem>
            </li>
          ))}
        </ul>
        {loading && (
          <Stack align="center" role="status" aria-busy="true">
            <Spinner />
            <Text variant="muted">{t('walletconnect.loadingWallets')}</Text>
          </Stack>
        )}
        {error && (
          <Stack align="center" role="alert">
            <Text variant="error">{t('walletconnect.listFailed')}</Text>
            <Button variant="secondary" onClick={() => setRetries((n) => n + 1)}>
              {t('walletconnect.retry')}
            </Button>
          </Stack>
        )}
        {current && entries.length === 0 && <Text variant="muted">{t('walletconnect.noMatch', { search })}</Text>}
        {more && (
          <Button variant="secondary" onClick={() => setPages((n) => n + 1)}>
            {t('walletconnect.loadMore')}
          </Button>
        )}
      </Stack>
    )
  }
}

function describe(entry: WalletEntry): string | undefined {
  if (entry.installed) return 'Installed'
  if (entry.group === 'walletConnect') return 'QR code'
  if (entry.group === 'recent') return 'Recent'
  return undefined
}

function select(kit: PorticoKit, entry: WalletEntry) {
  if (entry.installed) {
    kit.bus.emit({ type: 'SELECT_WALLET', properties: { name: entry.name, platform: 'browser' } })
    return kit.router.push('ConnectingExternal', { connector: entry.installed.id, namespace: entry.installed.chain })
  }
  if (!entry.wallet) return kit.router.push(CONNECTING_WALLET_CONNECT_BASIC_VIEW)
  kit.bus.emit({ type: 'SELECT_WALLET', properties: { name: entry.name, platform: 'qrcode' } })
  kit.router.push(CONNECTING_WALLET_CONNECT_VIEW, { wallet: entry.wallet })
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}
