import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { optionsFromEnv } from './env.ts'
import { NATIVE } from './prices.ts'

const valid = { CHAINS: 'eip155:1=https://eth.example.com/rpc?key=a=b; eip155:8453=http://127.0.0.1:8545' }

describe('api server environment', () => {
  it('reads the networks (an RPC URL may hold "="), PGlite in DATA_DIR by default, port 8702, indexing on', async () => {
    const options = optionsFromEnv(
      {
        ...valid,
        START_BLOCKS: 'eip155:1=19000000',
        PRICES: 'eip155:1/native=3000.5;eip155:1/0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48=1',
        ALLOWED_ORIGINS: 'https://app.example.com, http://127.0.0.1:5173',
      },
      '/srv/portico',
    )
    expect(options).toMatchObject({
      port: 8702,
      database: { dataDir: resolve('/srv/portico', '.data/api') },
      chains: [
        { chainId: 'eip155:1', rpcUrl: 'https://eth.example.com/rpc?key=a=b', startBlock: 19000000n },
        { chainId: 'eip155:8453', rpcUrl: 'http://127.0.0.1:8545', startBlock: 0n },
      ],
      origins: ['https://app.example.com', 'http://127.0.0.1:5173'],
      index: true,
      onrampSenders: {},
    })
    const prices = await options.prices!.prices('eip155:1', [NATIVE, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', '0x0000000000000000000000000000000000000001'])
    expect([...prices.values()]).toEqual([3000.5, 1, 0])
    expect(optionsFromEnv({ ...valid, PORT: '9000', DATABASE_URL: 'postgresql://u@db:5432/portico', INDEX: 'false' }, '/')).toMatchObject({
      port: 9000,
      database: { url: 'postgresql://u@db:5432/portico' },
      index: false,
      origins: [],
    })
    expect(
      optionsFromEnv(
        {
          ...valid,
          ONRAMP_SENDERS: 'coinbase=0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B, 0x1111111111111111111111111111111111111111;meld=0x2222222222222222222222222222222222222222',
        },
        '/',
      ).onrampSenders,
    ).toEqual({
      coinbase: ['0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B', '0x1111111111111111111111111111111111111111'],
      meld: ['0x2222222222222222222222222222222222222222'],
    })
  })

  it('names every wrong or missing variable', () => {
    expect(() => optionsFromEnv({}, '/')).toThrow(/CHAINS/)
    const run = () => optionsFromEnv({ CHAINS: 'mainnet=https://x.example', PORT: 'http', PRICES: 'eip155:1=3', ALLOWED_ORIGINS: 'https://x.example/path', INDEX: 'yes' }, '/')
    expect(run).toThrow(/must be a CAIP-2 network id such as eip155:1/)
    expect(run).toThrow(/PORT: must be a port number/)
    expect(run).toThrow(/must be network\/asset, e.g. eip155:1\/native/)
    expect(run).toThrow(/must be origins like https:\/\/app.example.com, or \*/)
    expect(run).toThrow(/INDEX: must be true or false/)
    expect(() => optionsFromEnv({ ...valid, ONRAMP_SENDERS: 'moonpay=0x1111111111111111111111111111111111111111' }, '/')).toThrow(/must be coinbase or meld/)
    expect(() => optionsFromEnv({ ...valid, ONRAMP_SENDERS: 'coinbase=' }, '/')).toThrow(/names at least one address/)
    expect(() => optionsFromEnv({ CHAINS: 'eip155:1=ftp://x.example' }, '/')).toThrow(/must be an http\(s\) RPC URL/)
    expect(() => optionsFromEnv({ ...valid, START_BLOCKS: 'eip155:10=5' }, '/')).toThrow('START_BLOCKS: eip155:10 is not in CHAINS')
  })
})
