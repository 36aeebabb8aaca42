import { useState } from 'react'
import { css } from '../../../../styled-system/css'
import { FormAlert } from '../../../../components/FormAlert.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../../features/projects/ConfirmDialog.tsx'
import { useApiAction } from '../../../../lib/api/use-api-action.ts'
import { roleAtLeast, type ProjectRole } from '../../../../lib/domain/test-management.ts'
import { useT } from '../../../../lib/i18n/I18nProvider.tsx'
import { useLoadOnUse } from '../../../../lib/use-load-on-use.ts'
import type { Data } from './+data.ts'
import { SettingsCard } from './SettingsCard.tsx'
import { StepsView } from './StepsView.tsx'

export type SharedStep = Data['sharedSteps'][number]

const loadEditor = () => import('./SharedStepEditor.tsx')

const itemClass = css({ py: '3', borderBottomWidth: '1px', borderBottomStyle: 'solid', borderBottomColor: 'border', _last: { borderBottomWidth: '0' } })
const muted = css({ fontSize: 'sm', color: 'text.muted' })

/**
 * Named lists of steps that test cases insert by reference, from the page's data (read again after each change).
 * Editors write them; everyone sees them.
 */
export function SharedStepsSection({ projectId, role, steps: list }: { projectId: string; role: ProjectRole; steps: SharedStep[] }) {
  const t = useT()
  const remove = useApiAction((client, sharedStepId: string) => client.projects.sharedSteps.remove.mutate({ sharedStepId }))
  const [editing, setEditing] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const editor = useLoadOnUse(loadEditor)
  // Which "New" or "Edit" is waiting for the editor's code (its button spins).
  const [opening, setOpening] = useState<string | null>(null)
  const canEdit = roleAtLeast(role, 'editor')
  const SharedStepEditor = editor.module?.SharedStepEditor

  async function startEditing(target: string) {
    setNotice(null)
    setOpening(target)
    const loaded = await editor.load()
    setOpening(null)
    if (loaded) setEditing(target)
  }

  const done = (savedTitle: string | null) => {
    setEditing(null)
    if (savedTitle) setNotice(t('projects.sharedStepSaved', { title: savedTitle }))
  }

  return (
    <SettingsCard id="shared-steps" title={t('projects.sharedStepsHeading')} description={t('projects.sharedStepsHelp')}>
      <div aria-live="polite">
        {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
        {editor.failed ? <FormAlert tone="error">{t('common.networkError')}</FormAlert> : null}
      </div>
      {canEdit && editing === null ? (
        <div>
          <Button variant="outline" loading={opening === 'new'} onClick={() => void startEditing('new')}>
            {t('projects.newSharedStep')}
          </Button>
        </div>
      ) : null}
      {editing === 'new' && SharedStepEditor ? <SharedStepEditor projectId={projectId} onDone={done} /> : null}
      {list.length === 0 && editing !== 'new' ? (
        <p className={muted}>{t('projects.noSharedSteps')}</p>
      ) : (
        <ul className={css({ listStyle: 'none', p: '0', m: '0' })} data-testid="shared-steps">
          {list.map((step) => (
            <li key={step.id} className={itemClass} data-testid="shared-step">
              {editing === step.id && SharedStepEditor ? (
                <SharedStepEditor projectId={projectId} existing={step} latest={list.find((row) => row.id === step.id)} onDone={done} />
              ) : (
                <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'start' })}>
                  <div className={css({ flex: '1 1 16rem', minW: '0' })}>
                    <h3 className={css({ fontWeight: '600', overflowWrap: 'anywhere' })}>{step.title}</h3>
                    <p className={muted}>
                      {t('projects.stepCount', { count: step.steps.length })} · {t('projects.usedBy', { count: step.usedBy })}
                    </p>
                    <details className={css({ mt: '1' })}>
                      <summary className={css({ cursor: 'pointer', color: 'primary.text', fontSize: 'sm', minH: '8', display: 'inline-flex', alignItems: 'center' })}>{t('projects.showSteps')}</summary>
                      <StepsView steps={step.steps} />
                    </details>
                  </div>
                  {canEdit ? (
                    <div className={css({ display: 'flex', gap: '2' })}>
                      <Button
                        size="sm"
                        variant="outline"
                        className={css({ minH: '10' })}
                        disabled={editing !== null}
                        loading={opening === step.id}
                        onClick={() => void startEditing(step.id)}
                      >
                        {t('projects.edit')}
                        <span className={css({ srOnly: true })}> {step.title}</span>
                      </Button>
                      <ConfirmDialog
                        trigger={
                          <Button size="sm" variant="outline" tone="error" className={css({ minH: '10' })}>
                            {t('projects.delete')}
                            <span className={css({ srOnly: true })}> {step.title}</span>
                          </Button>
                        }
                        title={t('projects.sharedStepDeleteTitle', { title: step.title })}
                        description={step.usedBy > 0 ? t('projects.sharedStepDeleteInUse', { count: step.usedBy }) : t('projects.sharedStepDeleteText')}
                        confirmLabel={t('projects.delete')}
                        onConfirm={async () => {
                          const outcome = await remove.run(step.id)
                          if (!outcome.ok) throw new Error(outcome.failure.message)
                          setNotice(t('projects.sharedStepDeleted', { title: step.title }))
                        }}
                      />
                    </div>
                  ) : null}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  )
}
