import { Badge, type BadgeProps } from '../../components/ui/badge.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { HEALTH_TONE, type HealthStatus } from './health.ts'

const LABEL = {
  up: 'portals.health_up',
  slow: 'portals.health_slow',
  down: 'portals.health_down',
  unknown: 'portals.health_unknown',
  demo: 'portals.health_demo',
} as const

/** A portal's health in words and colour (the word carries the meaning; the colour only repeats it). */
export function HealthBadge({ status, children, ...props }: Omit<BadgeProps, 'tone'> & { status: HealthStatus }) {
  const t = useT()
  return (
    <Badge tone={HEALTH_TONE[status]} data-health={status} {...props}>
      <svg viewBox="0 0 8 8" width="8" height="8" aria-hidden="true" focusable="false">
        <circle cx="4" cy="4" r="4" fill="currentColor" />
      </svg>
      {t(LABEL[status])}
      {children}
    </Badge>
  )
}
