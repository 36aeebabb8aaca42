import { createContext, useContext, useId, useLayoutEffect, useRef, useState, type ComponentProps, type MouseEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { html } from './html.tsx'
import { cx } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { createStyleContext } from './style-context.tsx'
import { IconButton } from './button.tsx'
import { XIcon } from './icons.tsx'
import { ModalLayerContext } from './modal-layer.ts'

type ModalSlot = 'backdrop' | 'positioner' | 'content' | 'header' | 'title' | 'description' | 'body' | 'footer' | 'closeTrigger'
type ModalRecipe = { __slot: string; __type: object; variantKeys: readonly PropertyKey[] }

export type OpenChangeDetails = { open: boolean }

type RootProps = {
  /** Controlled: whether it is open (with `onOpenChange`); uncontrolled without it, opened by the Trigger. */
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (details: OpenChangeDetails) => void
  /** `alertdialog` for a question that interrupts (leaving with unsaved changes, deleting). */
  role?: 'dialog' | 'alertdialog'
  /** Where focus goes once it closes; by default the element that had it when it opened (its trigger). */
  finalFocusEl?: () => HTMLElement | null
  children?: ReactNode
}

type Modal = {
  open: boolean
  setOpen: (open: boolean) => void
  role: 'dialog' | 'alertdialog'
  finalFocusEl: (() => HTMLElement | null) | undefined
  ids: { content: string; title: string; description: string }
  described: boolean
  setDescribed: (described: boolean) => void
}

const ModalContext = createContext<Modal | null>(null)

function useModal(): Modal {
  const modal = useContext(ModalContext)
  if (!modal) throw new Error('A modal part is used outside its Root')
  return modal
}

// Open modals, so that the page scrolls again only when the last one closes.
let scrollLocks = 0

const TABBABLE = 'a[href], button:not(:disabled), input:not(:disabled):not([type=hidden]), select:not(:disabled), textarea:not(:disabled), [tabindex]'

/** The elements Tab stops at inside `root`, in order (no positive tabindex in this app). */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.tabIndex >= 0 && element.checkVisibility())
}

/**
 * The parts of a modal on the native `<dialog>` opened with `showModal()`: the browser puts it in the top layer,
 * makes the rest of the page inert (nothing behind it can be focused, clicked or read out; Tab goes round it) and turns
 * Escape into a `cancel` event. Styled by a slot recipe: the dialog and the drawer differ only in their recipe. The
 * `<dialog>` is the recipe's positioner (the whole viewport); the backdrop and the content are inside it, so a press
 * outside the content closes it. Mounted only while open; focus returns to the element that opened it. No dialog
 * library: Ark's Dialog brought about 20 KB gzip of state machine, focus trap and dismissal code to every page with a
 * dialog (decision 021).
 */
export function createModalParts<R extends ModalRecipe>(recipe: R) {
  const { withRootProvider, withContext, useClasses } = createStyleContext(recipe)
  // Both recipes define every modal slot (theme/recipes/dialog.ts, drawer.ts).
  const slot = (name: ModalSlot) => name as R['__slot']

  function ModalRoot({ open: controlled, defaultOpen = false, onOpenChange, role = 'dialog', finalFocusEl, children }: RootProps) {
    const [uncontrolled, setUncontrolled] = useState(defaultOpen)
    const [described, setDescribed] = useState(false)
    const id = useId()
    const open = controlled ?? uncontrolled
    const setOpen = (next: boolean) => {
      if (controlled === undefined) setUncontrolled(next)
      onOpenChange?.({ open: next })
    }
    const ids = { content: `${id}content`, title: `${id}title`, description: `${id}description` }
    return <ModalContext.Provider value={{ open, setOpen, role, finalFocusEl, ids, described, setDescribed }}>{children}</ModalContext.Provider>
  }

  /** Opens it; `asChild` puts the behaviour on its one child (a Button). */
  function Trigger({ onClick, ...props }: ComponentProps<typeof html.button>) {
    const modal = useModal()
    return (
      <html.button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={modal.open}
        aria-controls={modal.open ? modal.ids.content : undefined}
        {...props}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          onClick?.(event)
          if (!event.defaultPrevented) modal.setOpen(true)
        }}
      />
    )
  }

  /** Closes it; `asChild` puts the behaviour on its one child. */
  function CloseTrigger({ onClick, ...props }: ComponentProps<typeof html.button>) {
    const modal = useModal()
    return (
      <html.button
        type="button"
        data-modal-close=""
        {...props}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          onClick?.(event)
          if (!event.defaultPrevented) modal.setOpen(false)
        }}
      />
    )
  }

  /** The box with its backdrop, in a `<dialog>` portalled to <body> (a form inside never nests in the page's). */
  function Content(props: ComponentProps<'div'>) {
    const modal = useModal()
    if (!modal.open || typeof document === 'undefined') return null
    return createPortal(<OpenContent {...props} />, document.body)
  }

  function OpenContent({ className, children, ...props }: ComponentProps<'div'>) {
    const modal = useModal()
    const classes = useClasses()
    const dialogRef = useRef<HTMLDialogElement>(null)
    const backdropRef = useRef<HTMLDivElement>(null)
    const pressedAround = useRef(false)
    const isAround = (target: EventTarget, dialog: EventTarget) => target === dialog || target === backdropRef.current
    // The latest callbacks, for the listeners added once.
    const latest = useRef(modal)
    useLayoutEffect(() => {
      latest.current = modal
    })
    // Read while rendering: by the time effects run, a field with autoFocus inside may already have taken focus.
    const [opener] = useState(() => document.activeElement)

    useLayoutEffect(() => {
      const dialog = dialogRef.current
      if (!dialog) return
      // A field that asked for focus (autoFocus, data-autofocus) keeps it.
      const active = document.activeElement
      const asked = active && dialog.contains(active) ? active : dialog.querySelector('[data-autofocus],[autofocus]')
      const close = (event: Event) => {
        // Escape: the Root decides (a controlled dialog may stay open); the browser's own closing is undone below.
        event.preventDefault()
        latest.current.setOpen(false)
      }
      // A second Escape without a click between may close it without a cancelable event: tell the Root all the same.
      const closed = () => latest.current.setOpen(false)
      dialog.addEventListener('cancel', close)
      dialog.addEventListener('close', closed)
      // Focus goes to the first focusable element inside (the browser's dialog focusing steps) unless a field asked
      // for it; a question (alertdialog) starts on its first way out, the safe answer, as Ark's did.
      dialog.showModal()
      const first = asked ?? (latest.current.role === 'alertdialog' ? dialog.querySelector('[data-modal-close]') : null)
      if (first && 'focus' in first) (first as HTMLElement).focus()
      scrollLocks += 1
      document.documentElement.style.overflow = 'hidden'
      return () => {
        dialog.removeEventListener('cancel', close)
        dialog.removeEventListener('close', closed)
        // Closed before it leaves the DOM, so the page is no longer inert when focus goes back.
        if (dialog.open) dialog.close()
        scrollLocks -= 1
        if (scrollLocks === 0) document.documentElement.style.overflow = ''
        const target = latest.current.finalFocusEl?.() ?? opener
        if (target && 'focus' in target && target.isConnected) (target as HTMLElement).focus()
      }
    }, [opener])

    return (
      <dialog
        ref={dialogRef}
        // Explicit (the element's own role is dialog too), so `[role=dialog]` finds it as it found Ark's content.
        role={modal.role}
        aria-labelledby={modal.ids.title}
        aria-describedby={modal.described ? modal.ids.description : undefined}
        className={classes.positioner}
        onKeyDown={(event) => {
          // The browser lets Tab leave a modal for its own toolbar; Ark's trap went round the dialog, and so does this.
          if (event.key !== 'Tab' || event.defaultPrevented) return
          const tabbable = tabbables(event.currentTarget)
          const [first, last] = [tabbable[0], tabbable[tabbable.length - 1]]
          const active = document.activeElement
          const wrapTo = event.shiftKey ? (active === first || !event.currentTarget.contains(active) ? last : null) : active === last ? first : null
          if (wrapTo) {
            event.preventDefault()
            wrapTo.focus()
          }
        }}
        // A press and release on the dimmed page around the box closes it, as Ark's did (not one in a popup portalled
        // in here, nor a drag out of a field); a question must be answered. On the click, not the press, so that
        // focus goes back to the trigger after the press has moved it.
        onPointerDown={(event) => {
          pressedAround.current = modal.role !== 'alertdialog' && event.button === 0 && isAround(event.target, event.currentTarget)
        }}
        onClick={(event) => {
          if (pressedAround.current && isAround(event.target, event.currentTarget)) modal.setOpen(false)
          pressedAround.current = false
        }}
      >
        <div ref={backdropRef} className={classes.backdrop} data-state="open" aria-hidden="true" />
        <div {...props} id={modal.ids.content} data-state="open" className={cx(classes.content, className)}>
          <ModalLayerContext.Provider value={dialogRef}>{children}</ModalLayerContext.Provider>
        </div>
      </dialog>
    )
  }

  function Title({ className, ...props }: ComponentProps<typeof html.h2>) {
    const modal = useModal()
    const classes = useClasses()
    return <html.h2 id={modal.ids.title} {...props} className={cx(classes.title, className)} />
  }

  function Description({ className, ...props }: ComponentProps<typeof html.p>) {
    const modal = useModal()
    const classes = useClasses()
    const { setDescribed } = modal
    useLayoutEffect(() => {
      setDescribed(true)
      return () => setDescribed(false)
    }, [setDescribed])
    return <html.p id={modal.ids.description} {...props} className={cx(classes.description, className)} />
  }

  /** The × in the corner; labelled "Close" in the active language unless `aria-label` says otherwise. */
  function CloseButton({ className, ...props }: Partial<ComponentProps<typeof IconButton>>) {
    const t = useT()
    const classes = useClasses()
    return (
      <CloseTrigger asChild className={cx(classes.closeTrigger, className)}>
        <IconButton aria-label={t('common.close')} {...props}>
          <XIcon />
        </IconButton>
      </CloseTrigger>
    )
  }

  return {
    Root: withRootProvider(ModalRoot),
    Trigger,
    Content,
    Header: withContext(html.div, slot('header')),
    Title,
    Description,
    Body: withContext(html.div, slot('body')),
    Footer: withContext(html.div, slot('footer')),
    CloseTrigger,
    CloseButton,
  }
}
