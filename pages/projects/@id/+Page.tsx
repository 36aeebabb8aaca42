import type { ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { css } from '../../../styled-system/css'
import { PageIntro } from '../../../components/PageIntro.tsx'
import { Badge, PriorityBadge } from '../../../components/ui/badge.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ActivityList } from '../../../features/projects/ActivityList.tsx'
import { RecentRuns } from '../../../features/test-runs/RecentRuns.tsx'
import { roleAtLeast } from '../../../lib/domain/test-management.ts'
import { useIntl, useT } from '../../../lib/i18n/I18nProvider.tsx'
import { caseCreateHref, projectHref, runStartHref, suiteCreateHref, suiteHref } from '../../../lib/routing/project-links.ts'
import type { Data } from './+data.ts'
import { OwnerActions } from './OwnerActions.tsx'

const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' })
const plainList = css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '2' })
const muted = css({ color: 'text.muted', fontSize: 'sm' })
const row = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', minH: '8' })
const tabular = css({ fontVariantNumeric: 'tabular-nums', fontWeight: '600' })
const linkList = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexWrap: 'wrap', gap: '2', columnGap: '4' })
const quickLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  minH: '10',
  px: '3',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.strong',
  color: 'text',
  textDecoration: 'none',
  _hover: { bg: 'surface.hover' },
})

function Section({ title, id, children, action }: { title: string; id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card.Root aria-labelledby={id} asChild>
      <section>
        <Card.Header className={css({ display: 'flex', flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
          <Card.Title asChild>
            <h2 id={id}>{title}</h2>
          </Card.Title>
          {action}
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </section>
    </Card.Root>
  )
}

export default function Page() {
  const t = useT()
  const intl = useIntl()
  const data = useData<Data>()
  const { project, role, cases, suites, runs, portals, activity, now } = data
  const canEdit = roleAtLeast(role, 'editor')
  return (
    <PageIntro title={project.name} description={t('projects.dashboardIntro', { key: project.key, role: t(`projects.role_${role}`), members: data.memberCount })}>
      <div className={grid}>
        <Section
          id="about"
          title={t('projects.about')}
          action={
            role === 'owner' ? <OwnerActions project={project} /> : null
          }
        >
          {data.descriptionHtml ? (
            <div className={css({ overflowWrap: 'anywhere', '& p': { mb: '2' }, '& ul, & ol': { ps: '5', mb: '2' } })} data-testid="project-description" dangerouslySetInnerHTML={{ __html: data.descriptionHtml }} />
          ) : (
            <p className={muted}>{t('projects.noDescription')}</p>
          )}
        </Section>

        <Section id="quick-links" title={t('projects.quickLinks')}>
          <ul className={linkList}>
            {canEdit ? (
              <li>
                <a className={quickLink} href={caseCreateHref(project.id)}>
                  {t('projects.newCase')}
                </a>
              </li>
            ) : null}
            <li>
              <a className={quickLink} href={projectHref('cases', project.id)}>
                {t('projects.allCases')}
              </a>
            </li>
            <li>
              <a className={quickLink} href={projectHref('suites', project.id)}>
                {t('projects.allSuites')}
              </a>
            </li>
            <li>
              <a className={quickLink} href={projectHref('runs', project.id)}>
                {t('runs.allRuns')}
              </a>
            </li>
            <li>
              <a className={quickLink} href={projectHref('settings', project.id)}>
                {t('projects.settingsLink')}
              </a>
            </li>
          </ul>
        </Section>

        <Section id="cases" title={t('projects.casesHeading', { count: cases.total })}>
          {cases.total === 0 ? (
            <p className={muted}>
              {t('projects.noCases')}{' '}
              {canEdit ? <a href={caseCreateHref(project.id)}>{t('projects.createFirstCase')}</a> : null}
            </p>
          ) : (
            <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } })}>
              <div>
                <h3 className={css({ fontWeight: '600', mb: '2' })}>{t('projects.byPriority')}</h3>
                <ul className={plainList} data-testid="cases-by-priority">
                  {cases.byPriority.map(({ priority, count }) => (
                    <li key={priority} className={row}>
                      <PriorityBadge priority={priority} />
                      <span className={tabular}>{intl.formatNumber(count)}</span>
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h3 className={css({ fontWeight: '600', mb: '2' })}>{t('projects.byState')}</h3>
                <ul className={plainList} data-testid="cases-by-state">
                  {cases.byState.map(({ state, count }) => (
                    <li key={state} className={row}>
                      <span>{t(`projects.state_${state}`)}</span>
                      <span className={tabular}>{intl.formatNumber(count)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          )}
        </Section>

        <Section id="suites" title={t('projects.suitesHeading', { count: suites.length })}>
          {suites.length === 0 ? (
            <p className={muted}>
              {t('projects.noSuites')} {canEdit ? <a href={suiteCreateHref(project.id)}>{t('projects.createFirstSuite')}</a> : null}
            </p>
          ) : (
            <ul className={plainList}>
              {suites.map((suite) => (
                <li key={suite.id} className={row}>
                  <a href={suiteHref(project.id, suite.id)} className={css({ minW: '0', overflowWrap: 'anywhere' })}>
                    {suite.name}
                  </a>
                  <span className={muted}>{suite.cases === null ? t('projects.suiteByRule') : t('projects.caseCount', { count: suite.cases })}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section
          id="runs"
          title={t('projects.latestRuns')}
          action={
            runs.length > 0 ? (
              <a href={projectHref('runs', project.id)} className={css({ fontSize: 'sm' })}>
                {t('runs.allRuns')}
              </a>
            ) : null
          }
        >
          {runs.length === 0 ? (
            <p className={muted} data-testid="runs-empty">
              {t('projects.noRuns')} {canEdit && cases.total > 0 ? <a href={runStartHref(project.id)}>{t('runs.startFirstRun')}</a> : null}
            </p>
          ) : (
            <RecentRuns runs={runs} />
          )}
        </Section>

        <Section
          id="portals"
          title={t('projects.portalsHeading')}
          action={
            role === 'owner' ? (
              <a href={`${projectHref('settings', project.id)}#portals`} className={css({ fontSize: 'sm' })}>
                {t('projects.portalsChange')}
              </a>
            ) : null
          }
        >
          {portals.length === 0 ? (
            <p className={muted}>{t('projects.noPortals')}</p>
          ) : (
            <ul className={linkList}>
              {portals.map((portal) => (
                <li key={portal.id} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', minH: '8' })}>
                  <span className={css({ overflowWrap: 'anywhere' })}>{portal.name}</span>
                  {portal.isDemo ? (
                    <Badge size="sm" tone="accent">
                      {t('common.demoData')}
                    </Badge>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section
          id="activity"
          title={t('projects.recentActivity')}
          action={
            role === 'owner' ? (
              <a href={projectHref('debug', project.id)} className={css({ fontSize: 'sm' })}>
                {t('projects.fullAuditLog')}
              </a>
            ) : null
          }
        >
          <ActivityList events={activity} now={now} />
        </Section>
      </div>
    </PageIntro>
  )
}
