import * as v from 'valibot'

/** A signed-in session as the frame keeps it in its own origin's localStorage (never the host's). */
export const SessionSchema = v.object({
  accessToken: v.string(),
  refreshToken: v.string(),
  /** Identifies the session to the host for IS_CONNECTED; grants nothing. */
  hostToken: v.string(),
  userId: v.string(),
  email: v.nullable(v.string()),
  /** The name the social provider gave, for a social login. */
  userName: v.optional(v.nullable(v.string())),
  /** Set when this device logged in without a key share of its own and may fetch the recovery share. */
  recovery: v.boolean(),
})
export type Session = v.InferOutput<typeof SessionSchema>

export interface SessionStore {
  get(): Session | undefined
  set(session: Session): void
  update(patch: Partial<Session>): void
  clear(): void
}

export function createSessionStore(storage: Storage, projectId: string): SessionStore {
  const key = `@portico-frame/session:${projectId}`
  const read = () => {
    try {
      const parsed = v.safeParse(SessionSchema, JSON.parse(storage.getItem(key) ?? 'null'))
      return parsed.success ? parsed.output : undefined
    } catch {
      return undefined
    }
  }
  const set = (session: Session) => storage.setItem(key, JSON.stringify(session))
  return {
    get: read,
    set,
    update(patch) {
      const current = read()
      if (current) set({ ...current, ...patch })
    },
    clear: () => storage.removeItem(key),
  }
}
