import type { DependencyContainer, InjectionToken } from 'tsyringe'

/**
 * A service identifier that is a value and carries its interface in its type,
 * so `resolve(container, IModalService)` is typed without a cast at call sites.
 */
export type Token<T> = symbol & { readonly __service?: T }

export function createToken<T>(name: string): Token<T> {
  return Symbol(name) as Token<T>
}

export function resolve<T>(container: DependencyContainer, token: Token<T>): T {
  return container.resolve<T>(token as InjectionToken<T>)
}

export function isRegistered<T>(container: DependencyContainer, token: Token<T>): boolean {
  return container.isRegistered(token as InjectionToken<T>, true)
}
