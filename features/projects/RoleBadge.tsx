import { Badge } from '../../components/ui/badge.tsx'
import type { ProjectRole } from '../../lib/domain/test-management.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'

const TONE = { owner: 'primary', editor: 'info', tester: 'secondary', viewer: 'neutral' } as const

/** A member's role in words (the colour only repeats it). */
export function RoleBadge({ role }: { role: ProjectRole }) {
  const t = useT()
  return (
    <Badge tone={TONE[role]} data-role={role}>
      {t(`projects.role_${role}`)}
    </Badge>
  )
}
