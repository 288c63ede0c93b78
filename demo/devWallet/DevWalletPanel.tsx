import { DEV_WALLET_NAME } from './info.ts'
import { demoStorage, devWalletSetting, storeDevWalletEnabled } from './settings.ts'

/** The switch for the demo's development wallet. EIP-6963 cannot take an announcement back, so a change reloads. */
export function DevWalletPanel() {
  const { enabled, forced } = devWalletSetting(location.search, demoStorage())
  return (
    <section className="panel" aria-label="Dev wallet">
      <h2>{DEV_WALLET_NAME}</h2>
      <label>
        <input
          type="checkbox"
          data-testid="dev-wallet-toggle"
          defaultChecked={enabled}
          disabled={forced}
          onChange={(event) => {
            storeDevWalletEnabled(demoStorage(), event.target.checked)
            location.reload()
          }}
        />{' '}
        Announce the dev wallet{forced && ' (set by ?devwallet= in the address)'}
      </label>
    </section>
  )
}
