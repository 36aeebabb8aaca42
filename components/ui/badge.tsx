import type { ComponentProps } from 'react'
import { html } from './html.tsx'
import { badge } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { VariantProps } from './style-context.tsx'

type BadgeVariants = VariantProps<typeof badge>

export type BadgeProps = ComponentProps<typeof html.span> & BadgeVariants

/**
 * A chip-like label. `variant`: subtle (default), solid, outline; `tone`: neutral (default), primary, secondary,
 * accent, info, success, warning, error (and the status and priority tones that StatusBadge and PriorityBadge use);
 * `size`: sm, md (default), lg.
 */
export function Badge({ variant, tone, size, className, ...props }: BadgeProps) {
  return <html.span {...props} className={cx(badge({ variant, tone, size }), className)} />
}

export const TEST_STATUSES = ['passed', 'failed', 'blocked', 'skipped', 'untested'] as const
export type TestStatus = (typeof TEST_STATUSES)[number]

export const PRIORITIES = ['low', 'medium', 'high', 'critical'] as const
export type Priority = (typeof PRIORITIES)[number]

const STATUS_KEYS = {
  passed: 'components.statusPassed',
  failed: 'components.statusFailed',
  blocked: 'components.statusBlocked',
  skipped: 'components.statusSkipped',
  untested: 'components.statusUntested',
} as const

const PRIORITY_KEYS = {
  low: 'components.priorityLow',
  medium: 'components.priorityMedium',
  high: 'components.priorityHigh',
  critical: 'components.priorityCritical',
} as const

type SemanticBadgeProps = Omit<BadgeProps, 'tone'>

function Dot() {
  return (
    <svg viewBox="0 0 8 8" width="8" height="8" aria-hidden="true" focusable="false">
      <circle cx="4" cy="4" r="4" fill="currentColor" />
    </svg>
  )
}

/** The result of a test, in its status colours and named in the active language (children replace the name). */
export function StatusBadge({ status, children, ...props }: SemanticBadgeProps & { status: TestStatus }) {
  const t = useT()
  return (
    <Badge tone={status} data-status={status} {...props}>
      <Dot />
      {children ?? t(STATUS_KEYS[status])}
    </Badge>
  )
}

/** A priority, in its colours and named in the active language (children replace the name). */
export function PriorityBadge({ priority, children, ...props }: SemanticBadgeProps & { priority: Priority }) {
  const t = useT()
  return (
    <Badge tone={priority} data-priority={priority} {...props}>
      {children ?? t(PRIORITY_KEYS[priority])}
    </Badge>
  )
}
