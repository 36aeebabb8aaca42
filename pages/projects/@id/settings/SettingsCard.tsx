import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { Card } from '../../../../components/ui/card.tsx'

/** One section of the settings, reachable by its anchor. */
export function SettingsCard({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Card.Root asChild>
      <section id={id} aria-labelledby={`${id}-title`} className={css({ scrollMarginTop: '20' })}>
        <Card.Header>
          <Card.Title asChild>
            <h2 id={`${id}-title`}>{title}</h2>
          </Card.Title>
          {description ? <Card.Description>{description}</Card.Description> : null}
        </Card.Header>
        <Card.Body className={css({ display: 'grid', gap: '4' })}>{children}</Card.Body>
      </section>
    </Card.Root>
  )
}
