import { type DependencyContainer, type InjectionToken, instanceCachingFactory } from 'tsyringe'

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

/** Registers a lazily created singleton for this container (first resolve builds it). */
export function registerSingleton<T>(
  container: DependencyContainer,
  token: Token<T>,
  factory: (container: DependencyContainer) => T,
): void {
  container.register(token as InjectionToken<T>, { useFactory: instanceCachingFactory(factory) })
}

export function registerValue<T>(container: DependencyContainer, token: Token<T>, value: T): void {
  container.register(token as InjectionToken<T>, { useValue: value })
}
