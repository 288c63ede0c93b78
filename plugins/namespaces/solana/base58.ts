// Base58 is shared by the namespaces and the siwx plugin, so it lives in kernel/wallets/.
export { decodeBase58, encodeBase58 } from '../../../kernel/wallets/base58.ts'
