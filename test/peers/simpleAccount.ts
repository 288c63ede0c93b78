// The embedded wallet's smart account adapter (eth-infinitism's SimpleAccount v0.7 through viem's
// toSmartAccount) lives in the frame page's code; the ERC-4337 tests use the same one.
export { toSimpleAccountV07 } from '../../servers/frame/page/smartAccount.ts'
