import * as v from 'valibot'
import type { RpcRegistry } from '../../kernel/index.ts'
import { encodeBase58 } from '../../protocol/base58.ts'
import { parseOrThrow } from '../../protocol/parse.ts'
import { SiwxError, SiwxErrorText } from './stores/errors.ts'

const HexSignature = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]+$/, 'not a hex signature'))
const SolanaSignature = v.object({ signature: v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/, 'not a base58 signature')) })

const hex = (bytes: Uint8Array) => `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/**
 * The connected wallet's signature of the message text, asked through `kit.request` so
 * that it reaches whichever connection the account has (a browser wallet, WalletConnect,
 * the embedded wallet): personal_sign of the UTF-8 text for eip155 (hex), solana_signMessage
 * for solana (base58). The wallet's answer is untrusted and checked.
 */
export async function signText(rpc: Pick<RpcRegistry, 'request'>, namespace: string, address: string, text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text)
  const bad = (issue: string) => new SiwxError(SiwxErrorText.BAD_SIGNATURE, 'BAD_RESPONSE', { details: issue })
  if (namespace === 'solana') {
    const answer = await rpc.request({ method: 'solana_signMessage', params: { message: encodeBase58(bytes), pubkey: address } })
    return parseOrThrow(SolanaSignature, answer, bad).signature
  }
  return parseOrThrow(HexSignature, await rpc.request({ method: 'personal_sign', params: [hex(bytes), address] }), bad)
}
