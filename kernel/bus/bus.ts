import { type Observable, createSubject, filterStream } from '../store/observable.ts'
import type { EventOf, PorticoEvent, PorticoEventType } from './events.ts'

/** The typed event bus. The subject stays private; listeners get Observables. */
export interface EventBus {
  emit(event: PorticoEvent): void
  readonly events$: Observable<PorticoEvent>
  on<T extends PorticoEventType>(type: T): Observable<EventOf<T>>
  complete(): void
}

export function createEventBus(): EventBus {
  const subject = createSubject<PorticoEvent>()
  return {
    emit: (event) => subject.next(event),
    events$: subject.asObservable(),
    on: <T extends PorticoEventType>(type: T) => filterStream(subject, (event): event is EventOf<T> => event.type === type),
    complete: () => subject.complete(),
  }
}
