import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'
import { visibleRange } from './virtual-range.ts'

type Props<T> = {
  items: readonly T[]
  rowHeight: number
  getKey: (item: T) => string | number
  renderRow: (item: T, index: number) => ReactNode
  /** The list's accessible name. */
  label: string
  /** Rows in the whole result when more pages exist than are loaded (aria-setsize); -1 when unknown. */
  setSize?: number
  /** Called when the rendered rows reach the end of the loaded ones (load the next page). */
  onEndReached?: () => void
  /** Shown after the rows: a "load more" button, a loading or end note. */
  footer?: ReactNode
  className?: string
  testId?: string
}

const OVERSCAN = 6

/**
 * A list of fixed-height rows that renders only the rows in sight (plus a few), so thousands of loaded rows cost
 * the same as fifty. Before it has measured itself (on the server, while hydrating, without JavaScript) it renders
 * every row in normal flow. Arrow keys, Home and End move between the rows' first focusable element.
 */
export function VirtualList<T>({ items, rowHeight, getKey, renderRow, label, setSize, onEndReached, footer, className, testId }: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null)
  const [viewport, setViewport] = useState<{ top: number; height: number } | null>(null)
  // A row to focus once it is rendered (moving by keyboard to a row scrolled out of the rendered range).
  const pendingFocus = useRef<number | null>(null)

  useEffect(() => {
    const element = scroller.current
    if (!element) return
    let frame = 0
    const measure = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => setViewport({ top: element.scrollTop, height: element.clientHeight }))
    }
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    element.addEventListener('scroll', measure, { passive: true })
    measure()
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
      element.removeEventListener('scroll', measure)
    }
  }, [])

  const range = viewport ? visibleRange(viewport.top, viewport.height, rowHeight, items.length, OVERSCAN) : { start: 0, end: items.length }

  useEffect(() => {
    if (viewport && items.length > 0 && range.end >= items.length) onEndReached?.()
  }, [viewport, range.end, items.length, onEndReached])

  const focusRow = (index: number) => {
    const row = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"] :is(button, a)`)
    row?.focus()
    return !!row
  }
  useEffect(() => {
    if (pendingFocus.current !== null && focusRow(pendingFocus.current)) pendingFocus.current = null
  })

  const moveFocus = useCallback(
    (index: number) => {
      const element = scroller.current
      if (!element || items.length === 0) return
      const target = Math.max(0, Math.min(items.length - 1, index))
      const top = target * rowHeight
      if (top < element.scrollTop) element.scrollTop = top
      else if (top + rowHeight > element.scrollTop + element.clientHeight) element.scrollTop = top + rowHeight - element.clientHeight
      if (!focusRow(target)) pendingFocus.current = target
    },
    [items.length, rowHeight],
  )

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = Number((event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index)
    if (Number.isNaN(index)) return
    const step = { ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity }[event.key]
    if (step === undefined) return
    event.preventDefault()
    moveFocus(step === -Infinity ? 0 : step === Infinity ? items.length - 1 : index + step)
  }

  const rows = items.slice(range.start, range.end).map((item, offset) => {
    const index = range.start + offset
    return (
      <li
        key={getKey(item)}
        data-index={index}
        aria-posinset={index + 1}
        aria-setsize={setSize ?? items.length}
        className={viewport ? css({ position: 'absolute', left: '0', right: '0' }) : undefined}
        style={viewport ? { top: index * rowHeight, height: rowHeight } : { height: rowHeight }}
      >
        {renderRow(item, index)}
      </li>
    )
  })

  return (
    <div ref={scroller} className={cx(css({ overflowY: 'auto', overflowX: 'hidden', minH: '0', overscrollBehavior: 'contain' }), className)} data-testid={testId}>
      <ul aria-label={label} onKeyDown={onKeyDown} className={css({ listStyle: 'none', m: '0', p: '0', position: 'relative' })} style={viewport ? { height: items.length * rowHeight } : undefined}>
        {rows}
      </ul>
      {footer}
    </div>
  )
}
