import { resolve } from 'node:path'
import * as v from 'valibot'
import { type RpcUrls, secondOpinionProblem } from '../common/agreeingNodes.ts'
import { parseTrustedProxies } from '../common/clientAddress.ts'
import { keyRingFromEnv } from './kekSource.ts'
import type { FrameServerOptions } from './options.ts'
import { exactOrigin, readProjects } from './projects.ts'
import type { FarcasterRpc } from './social/farcaster.ts'
import { SOCIAL_PROVIDERS } from '../../protocol/socialProviders.ts'
import type { SocialOptions } from './social/providers.ts'

const Port = v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number), v.maxValue(65535))

/** 'a=b=c' -> ['a', 'b=c']: a return URL's query holds '=' too. */
function splitAtFirst(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator)
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + separator.length)]
}

/** `projectId=a;projectId2=b` -> [[projectId, 'a'], [projectId2, 'b']]: the per-project variables' shape. */
const projectEntries = (text: string) =>
  text
    .split(';')
    .filter((entry) => entry.trim() !== '')
    .map((entry) => splitAtFirst(entry, '=').map((part) => part.trim()) as [string, string])
const ProjectId = v.pipe(v.string(), v.minLength(1, 'a project id is empty'))

/** `projectId=a,b;projectId2=c` -> { projectId: [a, b], projectId2: [c] }; each part checked by readProjects at start. */
const PerProject = (what: string, item: v.GenericSchema<string, string>) =>
  v.pipe(
    v.string(),
    v.minLength(1, `names at least one project`),
    v.transform((text) =>
      Object.fromEntries(
        projectEntries(text).map(([id, values]) => [
          id,
          values
            .split(',')
            .map((value) => value.trim())
            .filter(Boolean),
        ]),
      ),
    ),
    v.record(ProjectId, v.pipe(v.array(item), v.minLength(1, `lists no ${what}`))),
  )
/** `projectId=Name;projectId2=Other name` -> { projectId: 'Name', ... } */
const ProjectNames = v.pipe(
  v.string(),
  v.transform((text) => Object.fromEntries(projectEntries(text))),
  v.record(ProjectId, v.pipe(v.string(), v.minLength(1, 'a name is empty'))),
)

const Url = v.pipe(v.string(), v.url())
const Env = v.object({
  PORT: v.optional(Port, '8700'),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url())),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), '.data/frame'),
  SMTP_URL: v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: v.pipe(v.string(), v.minLength(3)),
  SESSION_SECRET: v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters')),
  ALLOWED_ORIGINS: PerProject(
    'origin',
    v.pipe(
      v.string(),
      v.check(
        (text) => exactOrigin(text) !== undefined,
        (issue) => `"${String(issue.input)}" must be an exact origin like https://app.example.com`,
      ),
    ),
  ),
  /** The name mails and the approval page give each project's site. */
  PROJECT_NAMES: v.optional(ProjectNames),
  /** The exact URLs a redirect-flow social login may return to, per project. */
  SOCIAL_RETURN_URLS: v.optional(PerProject('return URL', v.string())),
  /** A count of proxy hops, or their networks: `1`, `10.1.0.0/16,2001:db8::/32`. */
  TRUSTED_PROXIES: v.optional(
    v.pipe(
      v.string(),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return
        try {
          parseTrustedProxies(dataset.value)
        } catch (error) {
          addIssue({ message: (error as Error).message })
        }
      }),
      v.transform((text) => (/^\s*\d+\s*$/.test(text) ? Number(text) : text.split(',').map((entry) => entry.trim()))),
    ),
  ),
  CLIENT_ADDRESS_HEADER: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name'))),
  /** Farcaster login: an OP Mainnet RPC URL (the IdRegistry's chain) turns it on. */
  FARCASTER_RPC_URL: v.optional(v.pipe(v.string(), v.url())),
  /** Or one or two OP Mainnet RPC URLs, comma-separated: two (of two providers) must agree on every custody address. */
  FARCASTER_RPC_URLS: v.optional(
    v.pipe(
      v.string(),
      v.transform((text) => text.split(',').map((url) => url.trim())),
      v.union([v.strictTuple([Url]), v.strictTuple([Url, Url])], 'must be one or two URLs, comma-separated'),
      v.check(
        (urls) => secondOpinionProblem(urls) === undefined,
        (issue) => secondOpinionProblem(issue.input as RpcUrls)!,
      ),
    ),
  ),
  FARCASTER_RELAY_URL: v.optional(v.pipe(v.string(), v.url())),
  FARCASTER_ID_REGISTRY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address'),
      v.transform((text) => text as `0x${string}`),
    ),
  ),
  FARCASTER_DOMAIN: v.optional(v.pipe(v.string(), v.minLength(1))),
})

const SocialEnv = v.object({
  CLIENT_ID: v.pipe(v.string(), v.minLength(1)),
  CLIENT_SECRET: v.pipe(v.string(), v.minLength(1)),
  ISSUER: v.optional(Url),
  AUTHORIZATION_URL: v.optional(Url),
  TOKEN_URL: v.optional(Url),
  USERINFO_URL: v.optional(Url),
  SCOPE: v.optional(v.pipe(v.string(), v.minLength(1))),
})

/**
 * SOCIAL_<PROVIDER>_CLIENT_ID and _CLIENT_SECRET turn a provider on; _ISSUER, or
 * _AUTHORIZATION_URL + _TOKEN_URL + _USERINFO_URL, and _SCOPE replace its defaults.
 */
function socialsFromEnv(env: Record<string, string | undefined>): { socials: SocialOptions; problems: string[] } {
  const socials: { -readonly [K in keyof SocialOptions]: SocialOptions[K] } = {}
  const problems: string[] = []
  for (const provider of SOCIAL_PROVIDERS) {
    const prefix = `SOCIAL_${provider.toUpperCase()}_`
    const own = Object.fromEntries(
      Object.entries(env)
        .filter(([name, value]) => name.startsWith(prefix) && value !== undefined)
        .map(([name, value]) => [name.slice(prefix.length), value]),
    )
    if (Object.keys(own).length === 0) continue
    const parsed = v.safeParse(SocialEnv, own)
    if (!parsed.success) {
      problems.push(...parsed.issues.map((issue) => `${prefix}${issue.path?.map((item) => String(item.key)).join('.') ?? ''}: ${issue.message}`))
      continue
    }
    const { CLIENT_ID, CLIENT_SECRET, ISSUER, AUTHORIZATION_URL, TOKEN_URL, USERINFO_URL, SCOPE } = parsed.output
    const someEndpoint = AUTHORIZATION_URL ?? TOKEN_URL ?? USERINFO_URL
    if (someEndpoint && !(AUTHORIZATION_URL && TOKEN_URL && USERINFO_URL)) {
      problems.push(`${prefix}AUTHORIZATION_URL, ${prefix}TOKEN_URL and ${prefix}USERINFO_URL go together`)
      continue
    }
    socials[provider] = {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      ...(ISSUER ? { issuer: ISSUER } : {}),
      ...(AUTHORIZATION_URL && TOKEN_URL && USERINFO_URL ? { endpoints: { authorization: AUTHORIZATION_URL, token: TOKEN_URL, userinfo: USERINFO_URL } } : {}),
      ...(SCOPE ? { scope: SCOPE } : {}),
    }
  }
  return { socials, problems }
}

/** The key ring's text from KEY_ENCRYPTION_KEY, KEK_FILE or KEK_COMMAND, or what is wrong with it. */
function keyRingOf(env: Record<string, string | undefined>): { text: string } | { problem: string } {
  try {
    return { text: keyRingFromEnv(env) }
  } catch (error) {
    return { problem: (error as Error).message }
  }
}

/** The frame server's options from the environment, or the list of what is wrong. DATA_DIR is relative to `cwd`. */
export function optionsFromEnv(env: Record<string, string | undefined>, cwd: string): FrameServerOptions {
  const result = v.safeParse(Env, env)
  const social = socialsFromEnv(env)
  const kek = keyRingOf(env)
  if (!result.success || social.problems.length > 0 || 'problem' in kek) {
    const problems = [
      ...(result.success ? [] : result.issues.map((issue) => `${issue.path?.map((item) => String(item.key)).join('.') ?? ''}: ${issue.message}`)),
      ...social.problems,
      ...('problem' in kek ? [kek.problem] : []),
    ]
    throw new Error(`frame server: bad environment:\n  ${problems.join('\n  ')}`)
  }
  const e = result.output
  const unknown = [...Object.keys(e.PROJECT_NAMES ?? {}), ...Object.keys(e.SOCIAL_RETURN_URLS ?? {})].filter((id) => !(id in e.ALLOWED_ORIGINS))
  if (unknown.length > 0) throw new Error(`frame server: bad environment:\n  PROJECT_NAMES / SOCIAL_RETURN_URLS name a project ALLOWED_ORIGINS does not: ${unknown.join(', ')}`)
  try {
    readProjects(Object.fromEntries(Object.entries(e.ALLOWED_ORIGINS).map(([id, origins]) => [id, { origins, returnUrls: e.SOCIAL_RETURN_URLS?.[id] }])))
  } catch (error) {
    throw new Error(`frame server: bad environment:\n  SOCIAL_RETURN_URLS: ${(error as Error).message}`)
  }
  if (e.FARCASTER_RPC_URL && e.FARCASTER_RPC_URLS) throw new Error('frame server: bad environment:\n  FARCASTER_RPC_URL, FARCASTER_RPC_URLS: set one of them')
  const farcasterRpc: FarcasterRpc | undefined = e.FARCASTER_RPC_URLS ? { rpcUrls: e.FARCASTER_RPC_URLS } : e.FARCASTER_RPC_URL ? { rpcUrl: e.FARCASTER_RPC_URL } : undefined
  return {
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    database: e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: resolve(cwd, e.DATA_DIR) },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    keyEncryptionKey: kek.text,
    sessionSecret: e.SESSION_SECRET,
    projects: Object.fromEntries(Object.entries(e.ALLOWED_ORIGINS).map(([id, origins]) => [id, { name: e.PROJECT_NAMES?.[id], origins, returnUrls: e.SOCIAL_RETURN_URLS?.[id] }])),
    trustedProxies: e.TRUSTED_PROXIES,
    clientAddressHeader: e.CLIENT_ADDRESS_HEADER,
    socials: social.socials,
    farcaster: farcasterRpc && { ...farcasterRpc, relayUrl: e.FARCASTER_RELAY_URL, idRegistry: e.FARCASTER_ID_REGISTRY, domain: e.FARCASTER_DOMAIN },
  }
}
