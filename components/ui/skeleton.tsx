import type { ComponentProps } from 'react'
import { skeleton } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import type { VariantProps } from './style-context.tsx'

export type SkeletonProps = ComponentProps<'span'> & VariantProps<typeof skeleton>

/**
 * A pulsing placeholder, hidden from assistive technology: mark the region that is loading with `aria-busy` and
 * announce the wait in words (e.g. a visually hidden "Loading…"). `shape`: text (default), rect, circle; size it
 * with `width` / `height` via a className or the style of its container.
 */
export function Skeleton({ shape, className, ...props }: SkeletonProps) {
  return <span aria-hidden="true" {...props} className={cx(skeleton({ shape }), className)} />
}

/** A paragraph of `lines` text placeholders, the last one shorter. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <span aria-hidden="true" className={className} style={{ display: 'block' }}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} shape="text" style={index === lines - 1 && lines > 1 ? { width: '60%' } : undefined} />
      ))}
    </span>
  )
}
