import type { DetailedHTMLProps, HTMLAttributes } from 'react'
import type { PorticoElementAttributes, PorticoElementName } from '../../host/elements/elementTypes.ts'

/** What JSX takes on a `<portico-*>` element: a plain element's props and the element's own attributes. */
export type PorticoElementProps<Name extends PorticoElementName> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & PorticoElementAttributes[Name]

type PorticoIntrinsicElements = { [Name in PorticoElementName]: PorticoElementProps<Name> }

// React 18's and 19's typings both read JSX elements from React.JSX (the automatic runtime's
// JSX namespace extends it), so one augmentation serves both.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends PorticoIntrinsicElements {}
  }
}
