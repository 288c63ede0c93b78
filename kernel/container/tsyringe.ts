// tsyringe refuses to load without the Reflect metadata API; this is the one place it is imported.
import 'reflect-metadata'

export { container as rootContainer } from 'tsyringe'
