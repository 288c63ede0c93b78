import fc from 'fast-check'
import { getAddress, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { PorticoError } from '../error.ts'
import { type SiwxMessage, SiwxMessageError, SiwxMessageErrorText, formatSiwxMessage, parseSiwxMessage } from './index.ts'

const evm: SiwxMessage = {
  domain: 'app.example.com',
  accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  uri: 'https://app.example.com/login',
  version: '1',
  chainId: 'eip155:1',
  nonce: 'k3j4h5g6f7',
  issuedAt: '2026-11-24T07:00:00.000Z',
}
const solana: SiwxMessage = {
  ...evm,
  accountAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
}
const bitcoin: SiwxMessage = {
  ...evm,
  accountAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  chainId: 'bip122:000000000019d6689c085ae165831e93',
}

function refusal(run: () => unknown): SiwxMessageError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(SiwxMessageError)
    expect(error).toBeInstanceOf(PorticoError)
    return error as SiwxMessageError
  }
  throw new Error('expected a refusal')
}

describe('formatSiwxMessage', () => {
  it('writes EIP-4361 for eip155: the numeric chain id, every optional line in order', () => {
    const text = formatSiwxMessage({
      ...evm,
      statement: 'Sign in to Example',
      expirationTime: '2026-11-24T08:00:00.000Z',
      notBefore: '2026-11-24T07:05:00.000Z',
      requestId: 'req-1',
      resources: ['https://app.example.com/terms', 'ipfs://bafybeigdyrzt'],
    })
    expect(text).toBe(
      [
        'app.example.com wants you to sign in with your Ethereum account:',
        '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        '',
        'Sign in to Example',
        '',
        'URI: https://app.example.com/login',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: k3j4h5g6f7',
        'Issued At: 2026-11-24T07:00:00.000Z',
        'Expiration Time: 2026-11-24T08:00:00.000Z',
        'Not Before: 2026-11-24T07:05:00.000Z',
        'Request ID: req-1',
        'Resources:',
        '- https://app.example.com/terms',
        '- ipfs://bafybeigdyrzt',
      ].join('\n'),
    )
  })

  it('writes CAIP-122 for solana and bip122: the account named in the header, the CAIP-2 reference as Chain ID', () => {
    expect(formatSiwxMessage(solana).split('\n')).toEqual([
      'app.example.com wants you to sign in with your Solana account:',
      '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      '',
      '',
      'URI: https://app.example.com/login',
      'Version: 1',
      'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'Nonce: k3j4h5g6f7',
      'Issued At: 2026-11-24T07:00:00.000Z',
    ])
    expect(formatSiwxMessage(bitcoin).split('\n').slice(0, 2)).toEqual([
      'app.example.com wants you to sign in with your Bitcoin account:',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    ])
    expect(formatSiwxMessage(bitcoin)).toContain('\nChain ID: 000000000019d6689c085ae165831e93\n')
  })

  it('writes dates as toISOString() does and an EVM address with its checksum', () => {
    const text = formatSiwxMessage({ ...evm, accountAddress: evm.accountAddress.toLowerCase(), issuedAt: '2026-11-24T09:00:00+02:00' })
    expect(text).toContain('\nIssued At: 2026-11-24T07:00:00.000Z')
    expect(parseSiwxMessage(text)).toEqual(evm)
  })

  it.each([
    ['a domain with a path', { domain: 'example.com/x' }, 'domain'],
    ['a uri with a space', { uri: 'https://a.example/x y' }, 'uri'],
    ['an unknown namespace', { chainId: 'cosmos:cosmoshub-4' }, 'chainId'],
    ['a Solana address on an EVM chain', { accountAddress: solana.accountAddress }, 'accountAddress'],
    ['a short nonce', { nonce: 'abc' }, 'nonce'],
    ['a date without a time zone', { issuedAt: '2026-11-24T07:00:00' }, 'issuedAt'],
    ['a statement of two lines', { statement: 'one\ntwo' }, 'statement'],
    ['an empty statement', { statement: '' }, 'statement'],
    ['an empty list of resources', { resources: [] }, 'resources'],
    ['a version other than 1', { version: '2' }, 'version'],
  ])('refuses %s, naming the field', (_, change, field) => {
    const error = refusal(() => formatSiwxMessage({ ...evm, ...change } as SiwxMessage))
    expect(error.shortMessage).toBe(SiwxMessageErrorText.INVALID_FIELDS)
    expect(error.details).toMatch(new RegExp(`^${field}`))
  })
})

describe('parseSiwxMessage', () => {
  const text = formatSiwxMessage({ ...evm, statement: 'Hello' })
  const solanaText = formatSiwxMessage({ ...solana, requestId: 'r1' })

  it.each([
    ['an extra line at the end', `${text}\nExtra: line`],
    ['a lower-case address (not how it is written)', text.replace(evm.accountAddress, evm.accountAddress.toLowerCase())],
    ['a date spelled without milliseconds', text.replace('07:00:00.000Z', '07:00:00Z')],
    ['a scheme before the domain', `https://${text}`],
  ])('refuses %s as altered text: its fields read, but they do not write it', (_, bad) => {
    expect(refusal(() => parseSiwxMessage(bad)).shortMessage).toBe(SiwxMessageErrorText.ALTERED_TEXT)
  })

  it.each([
    ['an unknown account name', text.replace('Ethereum account', 'Cosmos account')],
    ['an extra line in CAIP-122 text', `${solanaText}\nExtra: line`],
    ['Windows line ends', text.replaceAll('\n', '\r\n')],
    ['a missing Nonce line', solanaText.replace(/\nNonce: .*/, '')],
    ['lines out of order', solanaText.replace('Version: 1\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\nVersion: 1')],
    ['an EVM chain under a Solana header', solanaText.replace('Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Chain ID: 1').replace(solana.accountAddress, evm.accountAddress)],
    ['a Solana address under an Ethereum header', text.replace(evm.accountAddress, solana.accountAddress)],
    ['no text at all', ''],
  ])('refuses %s', (_, bad) => {
    expect(refusal(() => parseSiwxMessage(bad)).shortMessage).toBe(SiwxMessageErrorText.INVALID_TEXT)
  })

  it('refuses what is not a string without crashing', () => {
    expect(refusal(() => parseSiwxMessage(42 as unknown as string)).details).toBe('not a string')
  })
})

// Every field, through text and back, for the three namespaces.
const host = fc.oneof(
  fc.domain().filter((d) => /^[a-z0-9.-]+\.[a-z]{2,63}$/i.test(d) && d.split('.').every((label) => label.length <= 63)),
  fc.constantFrom('localhost', '127.0.0.1', '10.0.0.254'),
)
const domain = fc.tuple(host, fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined })).map(([h, port]) => (port ? `${h}:${port}` : h))
const uri = fc.webUrl({ withQueryParameters: true, withFragments: true })
const date = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString())
const line = fc.string({ minLength: 1, maxLength: 60, unit: 'grapheme' }).filter((s) => !/[\n\r\u2028\u2029]/.test(s))
const account = fc.oneof(
  fc.record({
    chainId: fc
      .integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
      .filter((n) => String(n).length <= 15)
      .map((n) => `eip155:${n}`),
    accountAddress: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(toHex(bytes))),
  }),
  fc.record({
    chainId: fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/).map((reference) => `solana:${reference}`),
    accountAddress: fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
  }),
  fc.record({
    chainId: fc.stringMatching(/^[a-f0-9]{32}$/).map((reference) => `bip122:${reference}`),
    accountAddress: fc.stringMatching(/^(bc1[a-z0-9]{39,59}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/),
  }),
)
const message: fc.Arbitrary<SiwxMessage> = fc
  .tuple(
    account,
    fc.record(
      {
        domain,
        uri,
        version: fc.constant('1' as const),
        nonce: fc.stringMatching(/^[a-zA-Z0-9]{8,32}$/),
        issuedAt: date,
        expirationTime: date,
        notBefore: date,
        requestId: line,
        resources: fc.array(uri, { minLength: 1, maxLength: 4 }),
        statement: line,
      },
      { requiredKeys: ['domain', 'uri', 'version', 'nonce', 'issuedAt'] },
    ),
  )
  .map(([a, rest]) => ({ ...rest, ...a }))

describe('round trip (fast-check)', () => {
  it('parse(format(m)) gives back every field of m, and the text is stable, in all three namespaces', () => {
    fc.assert(
      fc.property(message, (m) => {
        const text = formatSiwxMessage(m)
        const parsed = parseSiwxMessage(text)
        expect(parsed).toEqual(m)
        expect(formatSiwxMessage(parsed)).toBe(text)
      }),
      { numRuns: 600 },
    )
  })

  it('the generator reaches every namespace and every optional field', () => {
    const samples = fc.sample(message, { numRuns: 600, seed: 7 })
    expect(new Set(samples.map((m) => m.chainId.split(':')[0]))).toEqual(new Set(['eip155', 'solana', 'bip122']))
    for (const key of ['expirationTime', 'notBefore', 'requestId', 'resources', 'statement'] as const) {
      expect(samples.some((m) => m[key] !== undefined)).toBe(true)
    }
  })
})
