import { useData } from 'vike-react/useData'
import { FormAlert } from '../../components/FormAlert.tsx'
import { PageIntro } from '../../components/PageIntro.tsx'
import { StatusBadge } from '../../components/ui/badge.tsx'
import { Card } from '../../components/ui/card.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { projectHref, runHref } from '../../lib/routing/project-links.ts'
import { css, cx } from '../../styled-system/css'
import type { Data } from './+data.ts'

const plainList = css({ listStyle: 'none', p: '0', m: '0' })
const muted = css({ color: 'text.muted' })

/** The run page filtered to my cases; with a case, that case open and scrolled to (its record buttons on screen). */
function myRunHref(runId: string, me: string, caseId?: string): string {
  const params = new URLSearchParams({ assignee: me })
  if (caseId) params.set('case', caseId)
  return `${runHref(runId)}?${params.toString()}${caseId ? '#open-case-heading' : ''}`
}

// Read-only: links and text only, so the page is whole without JavaScript.
export default function Page() {
  const t = useT()
  const data = useData<Data>()
  return (
    <PageIntro title={t('pages.myWorkTitle')} description={t('pages.myWorkDescription')}>
      {!data.ok ? (
        <FormAlert tone="error">
          <p>{t('runs.myWorkFailed')}</p>
          <p className={css({ mt: '2' })}>
            <a href="/my-work">{t('common.retry')}</a>
          </p>
        </FormAlert>
      ) : data.runs.length === 0 ? (
        <Card.Root data-testid="my-work-empty" className={css({ maxW: '40rem' })}>
          <Card.Header>
            <Card.Title asChild>
              <h2>{t('runs.myWorkEmptyTitle')}</h2>
            </Card.Title>
            <Card.Description>{t('runs.myWorkEmptyText')}</Card.Description>
          </Card.Header>
          <Card.Body>
            <a href="/projects">{t('runs.myWorkToProjects')}</a>
          </Card.Body>
        </Card.Root>
      ) : (
        <div className={css({ display: 'grid', gap: '6' })}>
          <p data-testid="my-work-summary" className={css({ fontWeight: '600' })}>
            {t('runs.myWorkSummary', { todo: data.todo, done: data.done, runs: data.runs.length })}
          </p>
          {data.more ? <FormAlert tone="info">{t('runs.myWorkMore')}</FormAlert> : null}
          <ul className={cx(plainList, css({ display: 'grid', gap: '6' }))} aria-label={t('runs.myWorkRuns')}>
            {data.runs.map((run) => (
              <li key={run.id} data-testid="my-work-run" className={css({ minW: '0' })}>
                <section aria-labelledby={`run-${run.id}`} className={css({ display: 'grid', gap: '2' })}>
                  <p className={cx(muted, css({ fontSize: 'sm' }))}>
                    <a href={projectHref('overview', run.project.id)}>
                      {run.project.key} · {run.project.name}
                    </a>
                  </p>
                  <h2 id={`run-${run.id}`} className={css({ fontSize: 'lg', fontWeight: '600', overflowWrap: 'anywhere' })}>
                    <a href={myRunHref(run.id, data.me)}>{run.name}</a>
                  </h2>
                  <p className={css({ fontSize: 'sm' })} data-testid="my-work-run-progress">
                    {t('runs.myWorkRunProgress', { done: run.done, todo: run.todo })}
                  </p>
                  <ol className={cx(plainList, css({ display: 'grid', gap: '1' }))}>
                    {run.cases.map((item) => (
                      <li key={item.id} data-testid="my-work-case">
                        <a
                          href={myRunHref(run.id, data.me, item.id)}
                          className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', minH: '10', py: '1', color: 'text', textDecoration: 'none', _hover: { textDecoration: 'underline' } })}
                        >
                          <StatusBadge status={item.status ?? 'untested'} size="sm" />
                          <span className={cx(muted, css({ fontFamily: 'mono', fontSize: 'sm' }))}>{item.key}</span>
                          <span className={css({ overflowWrap: 'anywhere', minW: '0' })}>{item.title}</span>
                        </a>
                      </li>
                    ))}
                  </ol>
                </section>
              </li>
            ))}
          </ul>
        </div>
      )}
    </PageIntro>
  )
}
