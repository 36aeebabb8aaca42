import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { css, cx } from '../styled-system/css'
import { useT } from '../lib/i18n/I18nProvider.tsx'

// A list whose order people change, by dragging (mouse, pen or touch) and by keyboard, following the pattern of
// accessible drag and drop: each row has a handle button; Space or Enter picks the row up, the arrow keys move it
// (Home and End to the ends), Space or Enter drops it and Escape puts it back. Every step is announced in a polite
// live region, so a screen-reader user hears what a sighted user sees.

const handleClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  flexShrink: 0,
  borderRadius: 'l1',
  border: 'none',
  bg: 'transparent',
  color: 'text.muted',
  cursor: 'grab',
  touchAction: 'none',
  _hover: { bg: 'surface.hover', color: 'text' },
  '&[aria-pressed=true]': { bg: 'primary.subtle', color: 'primary.text', cursor: 'grabbing' },
})

const rowClass = css({
  position: 'relative',
  listStyle: 'none',
  transition: 'transform 120ms ease',
  '&[data-moving=true]': { zIndex: '1', boxShadow: 'e8', bg: 'surface', borderRadius: 'l2', outline: '2px solid', outlineColor: 'primary' },
})

export type SortableListProps<T> = {
  items: readonly T[]
  getKey: (item: T) => string
  /** A short name of the item for the handle and the announcements ("Step 2: Open the portal"). */
  itemLabel: (item: T, index: number) => string
  /** The new order, after a drop: the item moved from `from` to `to`. */
  onMove: (from: number, to: number) => void
  /** Draws a row; put `handle` where the drag handle goes. */
  renderItem: (item: T, index: number, handle: ReactNode) => ReactNode
  /** The list's accessible name. */
  label: string
  disabled?: boolean
  className?: string
  testId?: string
}

type Moving = { key: string; from: number; index: number; via: 'keyboard' | 'pointer'; startY: number }

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item!)
  return next
}

export function SortableList<T>({ items, getKey, itemLabel, onMove, renderItem, label, disabled, className, testId }: SortableListProps<T>) {
  const t = useT()
  const [moving, setMoving] = useState<Moving | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const rows = useRef(new Map<string, HTMLLIElement>())
  const handles = useRef(new Map<string, HTMLButtonElement>())
  // While an item moves, the list shows it at its new place; the order is committed on drop.
  const shown = moving ? move(items, moving.from, moving.index) : items
  const count = items.length

  // The moved item's handle keeps the focus after the list re-renders in its new order.
  useEffect(() => {
    if (moving?.via === 'keyboard') handles.current.get(moving.key)?.focus()
  }, [moving])

  function start(index: number, via: Moving['via'], startY = 0) {
    const item = items[index]!
    setMoving({ key: getKey(item), from: index, index, via, startY })
    if (via === 'keyboard') setAnnouncement(t('common.reorderGrabbed', { item: itemLabel(item, index), position: index + 1, count }))
  }

  function drop() {
    if (!moving) return
    const item = items[moving.from]!
    if (moving.index !== moving.from) onMove(moving.from, moving.index)
    setAnnouncement(t('common.reorderDropped', { item: itemLabel(item, moving.from), position: moving.index + 1, count }))
    const key = moving.key
    setMoving(null)
    requestAnimationFrame(() => handles.current.get(key)?.focus())
  }

  function cancel() {
    if (!moving) return
    const item = items[moving.from]!
    setAnnouncement(t('common.reorderCancelled', { item: itemLabel(item, moving.from), position: moving.from + 1, count }))
    setMoving(null)
  }

  function onHandleKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (disabled) return
    if (!moving) {
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault()
        start(index, 'keyboard')
      }
      return
    }
    const to =
      event.key === 'ArrowUp' || event.key === 'ArrowLeft'
        ? Math.max(0, moving.index - 1)
        : event.key === 'ArrowDown' || event.key === 'ArrowRight'
          ? Math.min(count - 1, moving.index + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : null
    if (to !== null) {
      event.preventDefault()
      if (to !== moving.index) {
        setMoving({ ...moving, index: to })
        setAnnouncement(t('common.reorderMoved', { item: itemLabel(items[moving.from]!, moving.from), position: to + 1, count }))
      }
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault()
      drop()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      cancel()
    } else if (event.key === 'Tab') {
      cancel()
    }
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>, index: number) {
    if (disabled || event.button !== 0) return
    event.currentTarget.setPointerCapture(event.pointerId)
    start(index, 'pointer', event.clientY)
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    if (!moving || moving.via !== 'pointer') return
    // The row under the pointer, judged by the middles of the rows as they stand.
    let to = moving.index
    shown.forEach((item, index) => {
      const row = rows.current.get(getKey(item))
      if (!row || getKey(item) === moving.key) return
      const box = row.getBoundingClientRect()
      const middle = box.top + box.height / 2
      if (index < moving.index && event.clientY < middle) to = Math.min(to, index)
      if (index > moving.index && event.clientY > middle) to = Math.max(to, index)
    })
    if (to !== moving.index) setMoving({ ...moving, index: to })
  }

  function onPointerUp(event: PointerEvent<HTMLButtonElement>) {
    if (!moving || moving.via !== 'pointer') return
    event.currentTarget.releasePointerCapture(event.pointerId)
    drop()
  }

  return (
    <>
      <ol aria-label={label} className={cx(css({ display: 'grid', gap: '2', p: '0', m: '0' }), className)} data-testid={testId}>
        {shown.map((item, index) => {
          const key = getKey(item)
          const isMoving = moving?.key === key
          const name = itemLabel(item, items.indexOf(item))
          const handle = (
            <button
              type="button"
              ref={(element) => {
                if (element) handles.current.set(key, element)
                else handles.current.delete(key)
              }}
              className={handleClass}
              aria-label={t('common.reorderHandle', { item: name })}
              aria-pressed={isMoving}
              aria-describedby={`${testId ?? 'sortable'}-help`}
              disabled={disabled}
              data-handle=""
              onKeyDown={(event) => onHandleKey(event, index)}
              onPointerDown={(event) => onPointerDown(event, index)}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={cancel}
            >
              <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
                <path d="M9 4h2v2H9zm4 0h2v2h-2zM9 9h2v2H9zm4 0h2v2h-2zm-4 5h2v2H9zm4 0h2v2h-2zm-4 5h2v2H9zm4 0h2v2h-2z" />
              </svg>
            </button>
          )
          return (
            <li
              key={key}
              ref={(element) => {
                if (element) rows.current.set(key, element)
                else rows.current.delete(key)
              }}
              className={rowClass}
              data-moving={isMoving || undefined}
            >
              {renderItem(item, index, handle)}
            </li>
          )
        })}
      </ol>
      <p id={`${testId ?? 'sortable'}-help`} className={css({ srOnly: true })}>
        {t('common.reorderHelp')}
      </p>
      <div role="status" aria-live="polite" className={css({ srOnly: true })} data-testid={testId ? `${testId}-announcement` : undefined}>
        {announcement}
      </div>
    </>
  )
}
