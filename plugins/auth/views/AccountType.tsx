import { useState } from 'react'
import { type ChainState, PorticoError } from '../../../kernel/index.ts'
import { Button, type PorticoView, Stack, Text, truncateAddress, useMessages, useShownText, useStoreValue } from '../../../shell/ui/index.ts'
import type { AuthService } from '../contract.ts'
import { messages } from '../locales/index.ts'

/** The view of the Account view's switch between the key's address and its smart account. */
export const ACCOUNT_TYPE_VIEW = 'AccountType'

const selectAccount = (s: ChainState) => s.chains.eip155?.accountState

/**
 * The embedded wallet's two EVM addresses on this network: the key's own (eoa) and the smart
 * account it owns. The one in use is marked; the other has a button that switches to it.
 */
export function createAccountTypeView(auth: Pick<AuthService, 'setAccountType'>): PorticoView {
  return function AccountType({ kit }) {
    const t = useMessages(kit, messages)
    const shown = useShownText(kit)
    const account = useStoreValue(kit.chains, selectAccount)
    const [busy, setBusy] = useState(false)
    if (!account) return null

    const use = async (type: 'eoa' | 'smartAccount') => {
      setBusy(true)
      try {
        await auth.setAccountType(type)
      } catch (error) {
        kit.snack.showError(shown(error instanceof PorticoError ? error.shortMessage : String((error as Error).message ?? error)))
      } finally {
        setBusy(false)
      }
    }

    return (
      <Stack gap="large" data-testid="portico-account-type">
        {account.allAccounts.map(({ address, type }) => {
          const current = address.toLowerCase() === account.address?.toLowerCase()
          const kind = type === 'smartAccount' ? 'smartAccount' : 'eoa'
          return (
            <Stack key={address} align="center" data-account-type={kind}>
              <Text variant="title">{t(kind === 'smartAccount' ? 'auth.accountType.smartAccount' : 'auth.accountType.eoa')}</Text>
              <Text variant="muted" dir="ltr" title={address} data-testid="portico-account-type-address">
                {truncateAddress(address)}
              </Text>
              {current ? (
                <Text variant="small">{t('auth.accountType.inUse')}</Text>
              ) : (
                <Button variant="secondary" disabled={busy} onClick={() => void use(kind)}>
                  {t('auth.accountType.use')}
                </Button>
              )}
            </Stack>
          )
        })}
      </Stack>
    )
  }
}
