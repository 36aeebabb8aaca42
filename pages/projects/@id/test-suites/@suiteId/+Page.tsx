import { useData } from 'vike-react/useData'
import { css } from '../../../../../styled-system/css'
import { PageIntro } from '../../../../../components/PageIntro.tsx'
import { Badge } from '../../../../../components/ui/badge.tsx'
import { Button } from '../../../../../components/ui/button.tsx'
import { KIND_KEYS } from '../../../../../features/test-suites/labels.ts'
import { RecentRuns } from '../../../../../features/test-runs/RecentRuns.tsx'
import { SuiteSchedule } from '../../../../../features/test-suites/SuiteSchedule.tsx'
import { SuiteCaseTable } from '../../../../../features/test-suites/SuiteCaseTable.tsx'
import { useRuleText } from '../../../../../features/test-suites/use-rule-text.ts'
import { roleAtLeast } from '../../../../../lib/domain/test-management.ts'
import { useIntl, useT } from '../../../../../lib/i18n/I18nProvider.tsx'
import { projectHref, runStartHref, suiteEditHref } from '../../../../../lib/routing/project-links.ts'
import type { Data } from './+data.ts'

const h2 = css({ fontSize: 'xl', fontWeight: '600', mb: '3' })
const h3 = css({ fontSize: 'lg', fontWeight: '600', mb: '2' })
const block = css({ mb: '8' })
const emptyBox = css({ borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong', borderRadius: 'l2', p: '5', color: 'text.muted' })

export default function Page() {
  const t = useT()
  const intl = useIntl()
  const { project, role, suite, descriptionHtml, sections, portals, runs, schedule } = useData<Data>()
  const canStart = roleAtLeast(role, 'editor') && (suite.kind === 'dynamic' || sections.some((section) => section.cases.length > 0))
  const ruleText = useRuleText(portals)
  const cases = sections.flatMap((section) => section.cases)
  const named = sections.filter((section) => section.id !== null)
  const lead =
    suite.kind === 'static'
      ? t('suites.viewLeadStatic', { cases: t('suites.caseCount', { count: cases.length }), sections: named.length })
      : t('suites.viewLeadDynamic')
  return (
    <article>
      <p className={css({ mb: '3' })}>
        <a href={projectHref('suites', project.id)} className={css({ color: 'primary.text', textDecoration: 'underline', display: 'inline-flex', minH: '10', alignItems: 'center' })}>
          {t('suites.backToSuites')}
        </a>
      </p>
      <PageIntro title={suite.name} description={lead}>
        <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', mb: '6' })}>
          <Badge tone={suite.kind === 'static' ? 'secondary' : 'info'}>{t(KIND_KEYS[suite.kind])}</Badge>
          <span className={css({ color: 'text.muted', fontSize: 'sm' })}>{t('suites.updated', { date: intl.formatDate(suite.updatedAt, { dateStyle: 'medium' }) })}</span>
          {roleAtLeast(role, 'editor') ? (
            <Button asChild variant="outline" className={css({ ms: { md: 'auto' } })}>
              <a href={suiteEditHref(suite.id)}>{t('suites.editSuite')}</a>
            </Button>
          ) : null}
        </div>
        {descriptionHtml ? (
          <section aria-labelledby="suite-description" className={block}>
            <h2 id="suite-description" className={h2}>
              {t('suites.description')}
            </h2>
            {/* Rendered on the server with raw HTML dropped and unsafe links removed (lib/markdown/SafeMarkdown.tsx). */}
            <div className={prose} dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
          </section>
        ) : null}
        {suite.kind === 'dynamic' && suite.rule ? (
          <section aria-labelledby="suite-matches" className={block}>
            <h2 id="suite-matches" className={h2}>
              {t('suites.matchesNowTitle')}
            </h2>
            <p className={css({ mb: '1' })} data-testid="rule-text">
              {ruleText(suite.rule)}
            </p>
            <p className={css({ color: 'text.muted', fontSize: 'sm', mb: '3' })}>{t('suites.matchesNowHint')}</p>
            <p className={css({ fontWeight: '600', mb: '3' })} data-testid="match-count">
              {t('suites.previewCount', { count: cases.length })}
            </p>
            {cases.length > 0 ? <SuiteCaseTable cases={cases} label={t('suites.matchesNowTitle')} testId="suite-cases" /> : <p className={emptyBox}>{t('suites.noMatches')}</p>}
          </section>
        ) : (
          <section aria-labelledby="suite-cases-title" className={block}>
            <h2 id="suite-cases-title" className={h2}>
              {t('suites.casesTitle')}
            </h2>
            {cases.length === 0 ? (
              <p className={emptyBox} data-testid="suite-no-cases">
                {roleAtLeast(role, 'editor') ? t('suites.noCasesEditor') : t('suites.noCases')}
              </p>
            ) : (
              sections
                .filter((section) => section.cases.length > 0 || section.id !== null)
                .map((section) => {
                  const name = section.id === null ? t('suites.unsectioned') : section.name
                  return (
                    <section key={section.id ?? 'unsectioned'} aria-label={name} className={css({ mb: '6' })} data-testid="suite-section">
                      {/* Cases before any section need no heading when there are no sections. */}
                      {named.length > 0 ? <h3 className={h3}>{name}</h3> : null}
                      {section.cases.length > 0 ? (
                        <SuiteCaseTable cases={section.cases} label={t('suites.sectionCases', { name })} />
                      ) : (
                        <p className={emptyBox}>{t('suites.sectionEmpty')}</p>
                      )}
                    </section>
                  )
                })
            )}
          </section>
        )}
        <section aria-labelledby="suite-schedule" className={block}>
          <h2 id="suite-schedule" className={h2}>
            {t('suites.scheduleTitle')}
          </h2>
          <SuiteSchedule suiteId={suite.id} schedule={schedule} portals={portals} canEdit={roleAtLeast(role, 'editor')} />
        </section>
        <section aria-labelledby="suite-runs" className={block}>
          <h2 id="suite-runs" className={h2}>
            {t('suites.runsTitle')}
          </h2>
          {canStart ? (
            <p className={css({ mb: '3' })}>
              <Button asChild>
                <a href={runStartHref(project.id, suite.id)}>{t('runs.startFromSuite')}</a>
              </Button>
            </p>
          ) : null}
          {runs.length === 0 ? (
            <p className={emptyBox} data-testid="suite-no-runs">
              {t('suites.noRuns')}
            </p>
          ) : (
            <RecentRuns runs={runs} />
          )}
        </section>
      </PageIntro>
    </article>
  )
}

// Descriptions are Markdown; preflight strips list and heading styles, so they are given back here.
const prose = css({
  maxW: '70ch',
  overflowWrap: 'anywhere',
  '& p, & ul, & ol, & pre, & blockquote, & table': { mb: '3' },
  '& ul': { listStyleType: 'disc', pl: '6' },
  '& ol': { listStyleType: 'decimal', pl: '6' },
  '& h3, & h4, & h5, & h6': { fontWeight: '600', mt: '4', mb: '2' },
  '& h3': { fontSize: 'lg' },
  '& a': { color: 'primary.text', textDecoration: 'underline' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'surface.raised', px: '1', borderRadius: 'l1' },
  '& pre': { bg: 'surface.raised', p: '3', borderRadius: 'l2', overflowX: 'auto' },
  '& blockquote': { borderLeftWidth: '3px', borderColor: 'border.strong', pl: '3', color: 'text.muted' },
})
