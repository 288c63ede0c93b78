/* Stroke icons on a 24-unit grid; colour and size come from the `.icon` class. */

/**
 * An icon from SVG path data on the 24-unit grid (a plugin's wallet feature brings its own).
 * A `directional` one (Back, a chevron) is mirrored in a right-to-left dialog.
 */
export function Icon({ d, directional }: { readonly d: string; readonly directional?: boolean }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-directional={directional || undefined}>
      <path d={d} />
    </svg>
  )
}

export const BackIcon = () => <Icon d="M15 6l-6 6 6 6" directional />
export const CloseIcon = () => <Icon d="M6 6l12 12M18 6L6 18" />
export const CheckIcon = () => <Icon d="M5 12.5l4.5 4.5L19 7.5" />
export const ErrorIcon = () => <Icon d="M12 7v6M12 16.5v.5M3 12a9 9 0 1 0 18 0 9 9 0 1 0-18 0" />
export const CopyIcon = () => <Icon d="M9 9h10v10H9zM5 15V5h10" />
