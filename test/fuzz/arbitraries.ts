import fc from 'fast-check'

/**
 * The inputs every fuzz target draws from: a valid sample, a near-valid one (a valid
 * sample with one field replaced by a hostile value, deleted, or given a `__proto__`
 * key), or a hostile value. Two families of hostile values: what a structured clone
 * can carry (postMessage, JSON from storage or HTTP after parsing: cycles, bigint,
 * NaN, Dates, deep nesting), and what a page can hand over directly (the same plus
 * Proxies whose traps throw, throwing getters, symbols, functions).
 */

const HUGE = 1 << 20

/** Strings built once: a 1 MiB string, lone surrogates, hex runs that a regex may try hard on. */
export const hugeStrings = [
  'a'.repeat(HUGE),
  '\uD800'.repeat(HUGE / 8),
  `0x${'f'.repeat(HUGE / 4)}`,
  `${'a.'.repeat(HUGE / 8)}!`,
  `data:image/${'x'.repeat(HUGE / 4)}`,
  `https://${'a'.repeat(HUGE / 4)}.example/`,
  `${'1'.repeat(HUGE / 16)}@${'b'.repeat(HUGE / 16)}`,
] as const

/** Keys that pollute a prototype when a flow copies or merges objects without care. */
export const protoKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'] as const

const specialStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\uDFFF',
  'a\uD800b',
  '\uDC00\uD800',
  '\u202E',
  'javascript:alert(1)',
  '<img src=x onerror=alert(1)>',
  'NaN',
  '-1',
  '1e309',
  '0x',
  'eip155:1',
  'solana:mainnet',
  'http://',
  'https://a.example/',
  'data:image/svg+xml,<svg onload=alert(1)>',
  ...protoKeys,
)

/** One UTF-16 code unit at a time, so that lone surrogates and control characters come up often. */
const anyUnit = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
)

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: anyUnit, maxLength: 40 }) },
  { weight: 3, arbitrary: specialStrings },
  { weight: 1, arbitrary: fc.constantFrom(...hugeStrings) },
)

const hostileNumber = fc.oneof(
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0, Number.MAX_SAFE_INTEGER + 2, Number.MIN_VALUE, -1, 1e308),
  fc.double(),
  fc.integer(),
)

const hostilePrimitive = fc.oneof(hostileString, hostileNumber, fc.bigInt(), fc.constantFrom(undefined, null, true, false))

/** Nesting far past anything a schema expects: a chain (no shared branches), fresh for each case. */
const deep = fc.tuple(fc.integer({ min: 1_000, max: 5_000 }), fc.constantFrom('array', 'a', 'info', 'payload', 'params')).map(([depth, key]) => {
  let value: unknown = 'leaf'
  for (let i = 0; i < depth; i += 1) value = key === 'array' ? [value] : { [key]: value }
  return value
})

/** An object that contains itself (a structured clone keeps cycles). */
const cyclic = fc.constantFrom('self', 'array', 'nested').map((kind) => {
  const object: Record<string, unknown> = { id: 'cycle-0001', name: 'Cycle' }
  if (kind === 'self') object.info = object
  if (kind === 'array') object.payload = [object, object]
  if (kind === 'nested') object.params = { event: { data: object, name: object }, info: { icon: object } }
  return object
})

/** An object with an own `__proto__` key, as JSON.parse makes it, or a constructor.prototype chain. */
const protoObject = fc
  .tuple(fc.constantFrom(...protoKeys), hostilePrimitive)
  .map(([key, value]) => JSON.parse(`{${JSON.stringify(key)}:{"polluted":${JSON.stringify(typeof value === 'bigint' ? 1 : (value ?? null))},"prototype":{"polluted":1}}}`))

const cloneableLeaf = fc.oneof(
  { weight: 4, arbitrary: hostilePrimitive },
  { weight: 1, arbitrary: fc.constantFrom(new Date(Number.NaN), new Date(0), /x/, new Map([['a', 1]]), new Set([1]), new Uint8Array(4)) },
)

/** Any value a structured clone (postMessage) or a parsed answer can carry. */
export const cloneableValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: cloneableLeaf },
  {
    weight: 3,
    arbitrary: fc.anything({
      maxDepth: 3,
      maxKeys: 6,
      key: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...protoKeys, 'id', 'type', 'payload', 'info', 'name')),
      values: [cloneableLeaf],
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withSparseArray: true,
      withTypedArray: true,
    }),
  },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: cyclic },
  { weight: 1, arbitrary: protoObject },
)

const boom = () => {
  throw new Error('hostile getter')
}

/**
 * fast-check reads a few symbols of its own on every value it generates (to clone and to
 * print it): those are answered, every other touch throws.
 */
const isFastCheckKey = (key: string | symbol) => typeof key === 'symbol' && (key.description ?? '').startsWith('fast-check/')
const label = (text: string) => ({ [fc.toStringMethod]: () => text })
const trap = (text: string) => (_target: object, key: string | symbol) => {
  if (key === fc.toStringMethod) return () => text
  return isFastCheckKey(key) ? undefined : boom()
}
const throwingProxy = (target: object, text: string) =>
  new Proxy(target, {
    get: trap(text),
    has: (_, key) => (isFastCheckKey(key) ? key === fc.toStringMethod : boom()),
    ownKeys: boom,
    getOwnPropertyDescriptor: boom,
    getPrototypeOf: boom,
    defineProperty: boom,
    set: boom,
  })

/** Values only a script on the page can hand over: they throw when touched, or are not data at all. */
const pageOnly: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    Symbol('hostile'),
    boom,
    Object.assign(() => 'callable', { request: 1, info: 'callable' }),
    throwingProxy({}, 'proxy object'),
    throwingProxy([], 'proxy array'),
    throwingProxy(() => undefined, 'proxy function'),
    Object.defineProperty(label('getter info'), 'info', { get: boom, enumerable: true }),
    Object.defineProperty({ ...label('getter type'), id: 'getter-0001' }, 'type', { get: boom, enumerable: true }),
    { ...label('throwing toPrimitive'), [Symbol.toPrimitive]: boom, toString: boom, valueOf: boom },
    { ...label('throwing iterator'), [Symbol.iterator]: boom, length: 2 },
    Object.freeze(Object.assign(Object.create(null), { name: 'frozen null-prototype' })),
  ),
  fc.record({ name: hostileString, chains: fc.constant(['solana:mainnet']), features: fc.constant({}) }).map(
    (fields) =>
      new Proxy(Object.assign(fields, label('proxy with a throwing name')), {
        get: (target, key) => (key === 'name' || key === 'features' ? boom() : Reflect.get(target, key)),
      }),
  ),
)

/** Any value a page script can hand over. */
export const pageValue: fc.Arbitrary<unknown> = fc.oneof({ weight: 5, arbitrary: cloneableValue }, { weight: 1, arbitrary: pageOnly })

/** JSON text as it comes from storage or an HTTP body: valid JSON of hostile shape, or not JSON at all. */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.json({ maxDepth: 3 }) },
  { weight: 2, arbitrary: hostileString },
  { weight: 1, arbitrary: protoObject.map((value) => JSON.stringify(value).replace('"__proto__"', '"__proto__"')) },
  { weight: 1, arbitrary: fc.constantFrom('{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '[1,', 'null', 'NaN', '1e999', '"\\ud800"') },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 10_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`) },
)

/** Every byte of the UTF-8 text percent-encoded (lone surrogates become U+FFFD, as a browser sends them; encodeURIComponent throws on them). */
export const percentEncoded = (text: string) => Array.from(new TextEncoder().encode(text), (byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')

type Path = readonly (string | number)[]

/** A sample may hold hostile parts of its own (cycles, deep chains): fields are walked this deep only. */
const WALK_DEPTH = 8

/** Paths to every field of a sample, parents before children; functions and class instances are leaves. */
function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (prefix.length >= WALK_DEPTH) return out
  if (Array.isArray(value)) value.forEach((item, index) => (out.push([...prefix, index]), pathsOf(item, [...prefix, index], out)))
  else if (isPlain(value)) for (const key of Object.keys(value)) out.push([...prefix, key]), pathsOf((value as Record<string, unknown>)[key], [...prefix, key], out)
  return out
}

const isPlain = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null)

/** A copy of the plain objects and arrays of a sample (functions and instances are shared). */
function copy<T>(value: T, depth = 0): T {
  if (depth > WALK_DEPTH) return value
  if (Array.isArray(value)) return value.map((item) => copy(item, depth + 1)) as T
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item, depth + 1)])) as T
  return value
}

type Mutation = 'replace' | 'delete' | 'protoKey'

function mutate(sample: unknown, pick: number, how: Mutation, value: unknown): unknown {
  const paths = pathsOf(sample)
  if (paths.length === 0) return value
  const path = paths[pick % paths.length]!
  const target = copy(sample)
  const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], target)
  const key = path.at(-1)!
  if (how === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1)
    else delete parent[key]
  } else if (how === 'protoKey' && isPlain(parent[key])) {
    Object.defineProperty(parent[key], '__proto__', { value, enumerable: true, configurable: true, writable: true })
  } else {
    parent[key] = value
  }
  return target
}

/** A valid sample with exactly one field changed: replaced by a hostile value, deleted, or given an own `__proto__` key. */
export function nearValid<T>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<unknown> = cloneableValue): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.nat(), fc.constantFrom<Mutation>('replace', 'replace', 'delete', 'protoKey'), hostile)
    .map(([sample, pick, how, value]) => mutate(sample, pick, how, value))
}

/**
 * The three kinds of case in equal parts: valid, near-valid and hostile. `hostile` is
 * `pageValue` for what a page script hands over, `cloneableValue` for what crosses
 * postMessage or comes out of JSON.
 */
export function casesOf<T>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<unknown> = pageValue): fc.Arbitrary<unknown> {
  return fc.oneof(valid, nearValid(valid, hostile), hostile)
}

/** Valid building blocks shared by several targets. */
export const valid = {
  evmAddress: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`),
  hexChainId: fc.integer({ min: 1, max: 2 ** 40 }).map((id) => `0x${id.toString(16)}`),
  name: fc.string({ minLength: 1, maxLength: 60 }).filter((text) => text.trim().length > 0),
  rdns: fc.array(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { minLength: 2, maxLength: 4 }).map((parts) => parts.join('.')),
  icon: fc.constantFrom('data:image/svg+xml;base64,PHN2Zy8+', 'https://wallet.example/icon.png', 'javascript:alert(1)', undefined),
  url: fc.webUrl(),
  caipNetworkId: fc.constantFrom(
    'eip155:1',
    'eip155:31337',
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    'bip122:000000000019d6689c085ae165831e93',
    'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  ),
  id: fc.stringMatching(/^[a-z0-9-]{8,32}$/),
} as const
