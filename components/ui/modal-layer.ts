import { createContext, useContext, type RefObject } from 'react'

/**
 * The open modal's `<dialog>` (components/ui/modal-parts.tsx), where the popups of controls inside it (a select's
 * list, a menu) are portalled: in <body> they would sit under the top layer, made inert by the modal.
 */
export const ModalLayerContext = createContext<RefObject<HTMLElement | null> | null>(null)

/** Where a popup's Portal goes: the enclosing modal, or <body> (Ark's default) outside one. */
export function useModalLayer(): RefObject<HTMLElement | null> | undefined {
  return useContext(ModalLayerContext) ?? undefined
}
