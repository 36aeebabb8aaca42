import type { ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { css } from '../../../../styled-system/css'
import { PageIntro } from '../../../../components/PageIntro.tsx'
import { Badge } from '../../../../components/ui/badge.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { Card } from '../../../../components/ui/card.tsx'
import { Table } from '../../../../components/ui/table.tsx'
import { auditSentence } from '../../../../features/projects/audit-text.ts'
import { DateTime } from '../../../../components/DateTime.tsx'
import type { MessageKey } from '../../../../lib/i18n/catalog.ts'
import { useIntl, useT } from '../../../../lib/i18n/I18nProvider.tsx'
import { projectDebugHref, projectExportHref } from '../../../../lib/routing/project-links.ts'
import type { Data } from './+data.ts'

type Integrity = Data['integrity']

const COUNTS: Array<[keyof Data['counts'], MessageKey]> = [
  ['cases', 'projects.debugCases'],
  ['deletedCases', 'projects.debugDeletedCases'],
  ['versions', 'projects.debugVersions'],
  ['suites', 'projects.debugSuites'],
  ['members', 'projects.debugMembers'],
  ['fields', 'projects.debugFields'],
  ['sharedSteps', 'projects.debugSharedSteps'],
  ['auditEvents', 'projects.debugAuditEvents'],
]

/** Each check: its name, what it means, and whether a finding is a fault or only worth a look. */
const CHECKS: Array<{ key: keyof Integrity; title: MessageKey; help: MessageKey; fault: boolean }> = [
  { key: 'suitesWithDeletedCases', title: 'projects.checkDeletedInSuites', help: 'projects.checkDeletedInSuitesHelp', fault: true },
  { key: 'missingSharedSteps', title: 'projects.checkMissingSharedSteps', help: 'projects.checkMissingSharedStepsHelp', fault: true },
  { key: 'casesWithoutCurrentVersion', title: 'projects.checkNoVersion', help: 'projects.checkNoVersionHelp', fault: true },
  { key: 'casesFromOtherProjects', title: 'projects.checkOtherProjects', help: 'projects.checkOtherProjectsHelp', fault: true },
  { key: 'unknownCustomValues', title: 'projects.checkDeletedFields', help: 'projects.checkDeletedFieldsHelp', fault: false },
  { key: 'casesInNoSuite', title: 'projects.checkNoSuite', help: 'projects.checkNoSuiteHelp', fault: false },
]

function Section({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card.Root asChild>
      <section id={id} aria-labelledby={`${id}-title`}>
        <Card.Header className={css({ display: 'flex', flexDirection: 'row', flexWrap: 'wrap', gap: '2', justifyContent: 'space-between', alignItems: 'center' })}>
          <Card.Title asChild>
            <h2 id={`${id}-title`}>{title}</h2>
          </Card.Title>
          {action}
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </section>
    </Card.Root>
  )
}

function findingText(item: Integrity[keyof Integrity][number]): string {
  const parts: string[] = [`${item.key} ${item.title}`]
  if ('suite' in item) parts.unshift(`${item.suite}:`)
  if ('field' in item) parts.push(`(${item.field})`)
  if ('sharedStepId' in item) parts.push(`(${item.sharedStepId})`)
  return parts.join(' ')
}

// Read-only and owners only: counts, integrity checks and the audit log, paged by links, all without JavaScript.
export default function Page() {
  const t = useT()
  const intl = useIntl()
  const data = useData<Data>()
  const project = data.frame.project
  return (
    <PageIntro title={t('pages.projectDebugTitle')} description={t('projects.debugIntro', { name: project?.name ?? '' })}>
      <div className={css({ display: 'grid', gap: '6' })}>
        <Section
          id="counts"
          title={t('projects.debugCounts')}
          action={
            <Button asChild variant="outline">
              <a href={projectExportHref(data.projectId)} download data-testid="export-link">
                {t('projects.downloadExport')}
              </a>
            </Button>
          }
        >
          <dl className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } })}>
            {COUNTS.map(([key, label]) => (
              <div key={key} className={css({ display: 'flex', flexDirection: 'column-reverse' })}>
                <dt className={css({ fontSize: 'sm', color: 'text.muted' })}>{t(label)}</dt>
                <dd className={css({ fontSize: 'xl', fontWeight: '600', fontVariantNumeric: 'tabular-nums' })} data-testid={`count-${key}`}>
                  {intl.formatNumber(data.counts[key])}
                </dd>
              </div>
            ))}
          </dl>
          <p className={css({ fontSize: 'sm', color: 'text.muted', mt: '4' })}>{t('projects.exportHelp')}</p>
        </Section>

        <Section id="integrity" title={t('projects.debugIntegrity')}>
          <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '4' })}>
            {CHECKS.map((check) => {
              const found = data.integrity[check.key]
              return (
                <li key={check.key} data-testid={`check-${check.key}`}>
                  <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
                    <h3 className={css({ fontWeight: '600' })}>{t(check.title)}</h3>
                    {found.length === 0 ? (
                      <Badge tone="success">{t('projects.checkOk')}</Badge>
                    ) : (
                      <Badge tone={check.fault ? 'error' : 'warning'}>{t('projects.checkFound', { count: found.length })}</Badge>
                    )}
                  </div>
                  <p className={css({ fontSize: 'sm', color: 'text.muted' })}>{t(check.help)}</p>
                  {found.length > 0 ? (
                    <details className={css({ mt: '1' })}>
                      <summary className={css({ cursor: 'pointer', color: 'primary.text', fontSize: 'sm', minH: '8', display: 'inline-flex', alignItems: 'center' })}>{t('projects.checkShow', { count: found.length })}</summary>
                      <ul className={css({ ps: '5', listStyle: 'disc', fontSize: 'sm', overflowWrap: 'anywhere' })}>
                        {found.map((item, index) => (
                          <li key={index}>{findingText(item)}</li>
                        ))}
                      </ul>
                    </details>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </Section>

        <Section id="audit" title={t('projects.auditLog')}>
          {data.audit.length === 0 ? (
            <p className={css({ color: 'text.muted' })}>{data.before ? t('projects.auditNoOlder') : t('projects.noActivityYet')}</p>
          ) : (
            <Table.Container aria-label={t('projects.auditLog')}>
              <Table.Root density="compact">
                <Table.Head>
                  <Table.Row>
                    <Table.Header scope="col">{t('projects.auditWhen')}</Table.Header>
                    <Table.Header scope="col">{t('projects.auditWho')}</Table.Header>
                    <Table.Header scope="col">{t('projects.auditWhat')}</Table.Header>
                    <Table.Header scope="col">{t('projects.auditEvent')}</Table.Header>
                  </Table.Row>
                </Table.Head>
                <Table.Body data-testid="audit-rows">
                  {data.audit.map((event) => (
                    <Table.Row key={event.id}>
                      <Table.Cell className={css({ whiteSpace: 'nowrap' })}>
                        <DateTime value={event.at} />
                      </Table.Cell>
                      <Table.Cell>{event.actor ?? t('projects.unknownActor')}</Table.Cell>
                      <Table.Cell className={css({ minW: '16rem' })}>{auditSentence(event, t)}</Table.Cell>
                      <Table.Cell className={css({ fontFamily: 'mono', fontSize: 'xs', color: 'text.muted', whiteSpace: 'nowrap' })}>
                        {event.entity} · {event.action}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.Container>
          )}
          {data.before || data.olderBefore ? (
            <nav aria-label={t('projects.auditPages')} className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '4' })}>
              {data.before ? (
                <Button asChild variant="outline">
                  <a href={`${projectDebugHref(data.projectId)}#audit`}>{t('projects.auditNewest')}</a>
                </Button>
              ) : null}
              {data.olderBefore ? (
                <Button asChild variant="outline">
                  <a href={`${projectDebugHref(data.projectId, data.olderBefore)}#audit`} rel="next" data-testid="audit-older">
                    {t('projects.auditOlder')}
                  </a>
                </Button>
              ) : null}
            </nav>
          ) : null}
        </Section>
      </div>
    </PageIntro>
  )
}
