/**
 * How the demo's development wallet presents itself (EIP-6963 info). The name is
 * the warning: it signs with Hardhat's public test key #0, in the page.
 */
export const DEV_WALLET_NAME = 'Portico Dev Wallet — Hardhat test key, never use real funds'
export const DEV_WALLET_RDNS = 'org.portico.devwallet'
/** A data: URI, as EIP-6963 asks (nothing is fetched): an amber tile with a "D". */
export const DEV_WALLET_ICON =
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'><rect width='8' height='8' rx='2' fill='%23b45309'/><path d='M3 2h1a2 2 0 010 4H3z' fill='%23fff'/></svg>"
