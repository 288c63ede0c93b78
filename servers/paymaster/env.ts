import * as v from 'valibot'
import { readPaymasterOptions, type PaymasterOptions } from './options.ts'

const Port = v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number), v.maxValue(65535))
const List = v.pipe(
  v.string(),
  v.transform((text) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
)
const Count = v.pipe(v.string(), v.regex(/^[1-9]\d*$/, 'must be a whole number above 0'), v.transform(Number))
const Wei = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d*$/, 'must be an amount in wei above 0'),
  v.transform((text) => BigInt(text)),
)

const Env = v.object({
  PORT: v.optional(Port, '8713'),
  PAYMASTER_SIGNER_KEY: v.string('is required (the VerifyingPaymaster’s verifying signer, 0x + 64 hex)'),
  /** `chainId=0xPaymaster;chainId2=0xPaymaster2`: where the VerifyingPaymaster is, per chain. */
  PAYMASTER_CHAINS: v.pipe(
    v.string('is required (chainId=0xPaymaster;…)'),
    v.transform((text) =>
      Object.fromEntries(
        text
          .split(';')
          .filter((entry) => entry.trim() !== '')
          .map((entry) => entry.split('=').map((part) => part.trim()))
          .map(([chainId = '', paymaster = '']) => [chainId, { paymaster }]),
      ),
    ),
  ),
  ALLOWED_ORIGINS: v.pipe(v.string('is required (the pages that call the service, comma-separated)'), List),
  PAYMASTER_SENDERS: v.optional(List),
  PAYMASTER_MAX_OPS_PER_SENDER: v.optional(Count),
  PAYMASTER_MAX_WEI_PER_OP: v.optional(Wei),
  PAYMASTER_VALID_FOR_SECONDS: v.optional(Count),
  SPONSOR_NAME: v.optional(v.string()),
})

/** The service's options from the environment (README, "Smart accounts"); throws naming every bad variable. */
export function paymasterOptionsFromEnv(env: Record<string, string | undefined>): PaymasterOptions & { port: number } {
  const result = v.safeParse(Env, env)
  if (!result.success) {
    throw new Error(`paymaster service: bad environment:\n  ${result.issues.map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`).join('\n  ')}`)
  }
  const e = result.output
  const options: PaymasterOptions = {
    signerKey: e.PAYMASTER_SIGNER_KEY,
    chains: e.PAYMASTER_CHAINS,
    allowedOrigins: e.ALLOWED_ORIGINS,
    senders: e.PAYMASTER_SENDERS,
    maxOperationsPerSender: e.PAYMASTER_MAX_OPS_PER_SENDER,
    maxWeiPerOperation: e.PAYMASTER_MAX_WEI_PER_OP,
    validForSeconds: e.PAYMASTER_VALID_FOR_SECONDS,
    sponsorName: e.SPONSOR_NAME,
  }
  try {
    readPaymasterOptions(options)
  } catch (error) {
    throw new Error(`paymaster service: bad environment:\n  ${(error as Error).message}`)
  }
  return { ...options, port: e.PORT }
}
