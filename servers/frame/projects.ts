/**
 * The projects a frame server serves. Each has the name its mails and pages show (the site a
 * visitor is asked to trust), the exact host origins that may embed the frame, and the exact
 * addresses a full-page social login may come back to.
 */
export interface ProjectOptions {
  /** What mails and the approval page call the site, e.g. 'Acme Wallet'. Default: the project id. */
  readonly name?: string
  /** Exact origins (scheme://host[:port]) of the pages that embed the frame. */
  readonly origins: readonly string[]
  /** Exact URLs a redirect-flow social login returns to (the popup flow needs none). */
  readonly returnUrls?: readonly string[]
}

export interface Project {
  readonly id: string
  readonly name: string
  readonly origins: ReadonlySet<string>
  readonly returnUrls: ReadonlySet<string>
}

/** An origin as the configuration must write it: what `new URL(x).origin` gives back, nothing else. */
export function exactOrigin(text: string): string | undefined {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  // The URL parser lets '*' and other signs through in a host; a CSP source would read them as wildcards.
  if (!/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) return undefined
  return url.origin === text ? text : undefined
}

/** An exact return URL: http(s), no credentials, no fragment, written as the URL parser writes it. */
function exactReturnUrl(text: string): string | undefined {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return undefined
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.hash) return undefined
  return url.href === text ? text : undefined
}

/**
 * The projects option, checked: every origin must be an exact origin and every return URL an
 * exact URL on one of them; anything else fails at start with a message naming the entry
 * (a host with `*`, `;` or `'` would otherwise reach the frame's Content-Security-Policy).
 */
export function readProjects(projects: Record<string, readonly string[] | ProjectOptions>): ReadonlyMap<string, Project> {
  const read = new Map<string, Project>()
  for (const [id, entry] of Object.entries(projects)) {
    if (!/^[A-Za-z0-9._-]{1,128}$/.test(id)) throw new Error(`projects: "${id}" is not a project id (1 to 128 letters, digits, '.', '_' or '-')`)
    const options: ProjectOptions = Array.isArray(entry) ? { origins: entry as readonly string[] } : (entry as ProjectOptions)
    if (options.origins.length === 0) throw new Error(`projects.${id}: lists no origin`)
    for (const origin of options.origins) {
      if (exactOrigin(origin) === undefined) throw new Error(`projects.${id}: "${origin}" is not an origin (http(s)://host[:port], nothing else)`)
    }
    const origins = new Set(options.origins)
    for (const returnUrl of options.returnUrls ?? []) {
      if (exactReturnUrl(returnUrl) === undefined) throw new Error(`projects.${id}: return URL "${returnUrl}" is not an exact http(s) URL without a fragment`)
      if (!origins.has(new URL(returnUrl).origin)) throw new Error(`projects.${id}: return URL "${returnUrl}" is not on one of the project's origins`)
    }
    const name = options.name?.trim() || id
    if (name.length > 80 || /[\r\n<>]/.test(name)) throw new Error(`projects.${id}: the name must be one line of at most 80 characters without < or >`)
    read.set(id, { id, name, origins, returnUrls: new Set(options.returnUrls ?? []) })
  }
  return read
}
