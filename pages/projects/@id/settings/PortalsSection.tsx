import { useState, type FormEvent } from 'react'
import { css } from '../../../../styled-system/css'
import { FormAlert } from '../../../../components/FormAlert.tsx'
import { Badge } from '../../../../components/ui/badge.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { PortalPicker, type PortalChoice } from '../../../../features/projects/PortalPicker.tsx'
import { useApiAction } from '../../../../lib/api/use-api-action.ts'
import type { ProjectRole } from '../../../../lib/domain/test-management.ts'
import { useT } from '../../../../lib/i18n/I18nProvider.tsx'
import { SettingsCard } from './SettingsCard.tsx'

/** The portals the project tests: owners choose them from the registry; the others see the choice. */
export function PortalsSection({ projectId, role, chosen, registry }: { projectId: string; role: ProjectRole; chosen: PortalChoice[]; registry: PortalChoice[] }) {
  const t = useT()
  const save = useApiAction((client, portalIds: string[]) => client.projects.setPortals.mutate({ projectId, portalIds }))
  const [selected, setSelected] = useState(() => chosen.map((portal) => portal.id))
  const [saved, setSaved] = useState(selected)
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const dirty = selected.join('\n') !== saved.join('\n')

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setNotice(null)
    const outcome = await save.run(selected)
    if (!outcome.ok) {
      setNotice({ tone: 'error', text: outcome.failure.message })
      return
    }
    setSaved(selected)
    setNotice({ tone: 'success', text: t('projects.portalsSaved', { count: selected.length }) })
  }

  if (role !== 'owner') {
    return (
      <SettingsCard id="portals" title={t('projects.portalsHeading')} description={t('projects.portalsReadOnlyHelp')}>
        {chosen.length === 0 ? (
          <p className={css({ color: 'text.muted' })}>{t('projects.noPortals')}</p>
        ) : (
          <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '1' })}>
            {chosen.map((portal) => (
              <li key={portal.id} className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
                {portal.name}
                {portal.isDemo ? (
                  <Badge size="sm" tone="accent">
                    {t('common.demoData')}
                  </Badge>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </SettingsCard>
    )
  }

  return (
    <SettingsCard id="portals" title={t('projects.portalsHeading')}>
      <form onSubmit={onSubmit} noValidate className={css({ display: 'grid', gap: '3' })} data-testid="portals-form">
        <div aria-live="polite">{notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}</div>
        <PortalPicker portals={registry} selected={selected} onChange={setSelected} legend={t('projects.portalsLegend')} description={t('projects.portalsHelp')} />
        <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
          <Button type="submit" loading={save.pending} disabled={!dirty}>
            {t('projects.portalsSave')}
          </Button>
          {dirty ? <span className={css({ fontSize: 'sm', color: 'text.muted' })}>{t('projects.unsavedChanges')}</span> : null}
        </div>
      </form>
    </SettingsCard>
  )
}
