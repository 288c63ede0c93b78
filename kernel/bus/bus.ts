import { Subject, type Observable, filter } from 'rxjs'
import type { EventOf, PorticoEvent, PorticoEventType } from './events.ts'

/** The typed event bus. The Subject stays private; listeners get Observables. */
export interface EventBus {
  emit(event: PorticoEvent): void
  readonly events$: Observable<PorticoEvent>
  on<T extends PorticoEventType>(type: T): Observable<EventOf<T>>
  complete(): void
}

export function createEventBus(): EventBus {
  const subject = new Subject<PorticoEvent>()
  return {
    emit: (event) => subject.next(event),
    events$: subject.asObservable(),
    on: <T extends PorticoEventType>(type: T) =>
      subject.pipe(filter((event): event is EventOf<T> => event.type === type)),
    complete: () => subject.complete(),
  }
}
