import type { ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { Badge, PriorityBadge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Table } from '../../../components/ui/table.tsx'
import { lazyWithGroups } from '../../../components/lazy-with-groups.tsx'
import { css, cx } from '../../../styled-system/css'
import { casesHref, DEFAULT_QUERY } from '../../../features/test-cases/case-query.ts'
import { CheckSummary } from '../../../features/case-editor/CheckSummary.tsx'
import { CustomValue } from '../../../features/test-cases/CustomValue.tsx'
import { DateTime } from '../../../components/DateTime.tsx'
import { PRIORITY_LABELS, STATE_LABELS, TARGET_LABELS, TYPE_LABELS } from '../../../features/test-cases/labels.ts'
import { formatEstimate, roleAtLeast } from '../../../lib/domain/test-management.ts'
import { DefaultTester } from './DefaultTester.tsx'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { caseEditHref, enhancedEditorHref, projectHref, targetHref } from '../../../lib/routing/project-links.ts'
import type { Data, ViewStep } from './+data.ts'

// The results across runs, the files and the versions are in the first HTML; their code loads after the page's
// (decision 021).
const CaseResults = lazyWithGroups([], () => import('./CaseResults.tsx'))
const AttachmentsPanel = lazyWithGroups([], () => import('../../../components/AttachmentsPanel.tsx'))
const CaseHistory = lazyWithGroups([], () => import('../../../features/test-cases/CaseHistory.tsx'))

const sectionHeading = css({ fontSize: 'xl', fontWeight: '600', mb: '3' })
const section = css({ mb: '8', minW: '0' })
const muted = css({ color: 'text.muted' })
// Relative, so absolutely positioned hidden labels stay inside the scrolling box instead of widening the page.
const scrollBox = css({ position: 'relative' })
const preWrap = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })

// Markdown arrives as HTML rendered on the server; preflight strips list and heading styles, so they are given back.
const prose = css({
  maxW: '70ch',
  overflowWrap: 'anywhere',
  '& p, & ul, & ol, & pre, & blockquote, & table': { mb: '3' },
  '& ul': { listStyleType: 'disc', pl: '6' },
  '& ol': { listStyleType: 'decimal', pl: '6' },
  '& h3, & h4, & h5, & h6': { fontWeight: '600', mt: '4', mb: '2' },
  '& h3': { fontSize: 'lg' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'surface.raised', px: '1', borderRadius: 'l1' },
  '& pre': { bg: 'surface.raised', p: '3', borderRadius: 'l2', overflowX: 'auto' },
  '& blockquote': { borderLeftWidth: '3px', borderColor: 'border.strong', pl: '3', color: 'text.muted' },
  '& hr': { borderColor: 'border', my: '4' },
})

export default function Page() {
  const data = useData<Data>()
  const t = useT()
  const { testCase } = data
  const memberNames = new Map(data.members.map((member) => [member.userId, member.name]))
  return (
    <article aria-labelledby="case-title">
      <Header />
      <div className={css({ display: 'grid', gap: { base: '0', lg: '8' }, gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(16rem, 1fr)' } })}>
        <div className={css({ minW: '0' })}>
          <MarkdownSection id="description" title={t('cases.fieldDescription')} html={data.descriptionHtml} empty={t('cases.noDescription')} />
          <MarkdownSection id="preconditions" title={t('cases.fieldPreconditions')} html={data.preconditionsHtml} empty={t('cases.noPreconditions')} />
          <section aria-labelledby="steps-heading" className={section}>
            <h2 id="steps-heading" className={sectionHeading}>
              {t('cases.fieldSteps')}
            </h2>
            {data.steps.length > 0 ? <StepsTable steps={data.steps} /> : <p className={muted}>{t('cases.noSteps')}</p>}
          </section>
          <CaseAttachments />
          {testCase.type === 'automated' ? (
            <section aria-labelledby="check-heading" className={section}>
              <h2 id="check-heading" className={sectionHeading}>
                {t('checks.sectionTitle')}
              </h2>
              {testCase.check ? <CheckSummary check={testCase.check} portals={data.portals} /> : <p className={muted}>{t('checks.none')}</p>}
            </section>
          ) : null}
        </div>
        <section aria-labelledby="details-heading" className={section}>
          <h2 id="details-heading" className={sectionHeading}>
            {t('cases.details')}
          </h2>
          <dl className={css({ display: 'grid', gap: '3' })}>
            <Detail term={t('cases.fieldFolder')}>
              {testCase.folder ? <a href={casesHref(data.projectId, { ...DEFAULT_QUERY, folder: testCase.folder })}>{testCase.folder}</a> : <span className={muted}>{t('cases.noFolder')}</span>}
            </Detail>
            <Detail term={t('cases.fieldTags')}>
              {testCase.tags.length > 0 ? (
                <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: '0', m: '0' })}>
                  {testCase.tags.map((tag) => (
                    <li key={tag}>
                      <Badge asChild variant="outline">
                        <a href={casesHref(data.projectId, { ...DEFAULT_QUERY, tags: [tag] })}>{tag}</a>
                      </Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                <span className={muted}>{t('cases.noValue')}</span>
              )}
            </Detail>
            <Detail term={t('cases.fieldEstimate')}>{testCase.estimateMinutes !== null ? formatEstimate(testCase.estimateMinutes) : <span className={muted}>{t('cases.noValue')}</span>}</Detail>
            <Detail term={t('cases.fieldReferences')}>
              {testCase.references.length > 0 ? (
                <ul className={css({ listStyle: 'none', p: '0', m: '0' })}>
                  {testCase.references.map((reference) => (
                    <li key={reference} className={css({ overflowWrap: 'anywhere' })}>
                      {/^https?:\/\//i.test(reference) ? (
                        <a href={reference} rel="noopener noreferrer nofollow">
                          {reference}
                        </a>
                      ) : (
                        reference
                      )}
                    </li>
                  ))}
                </ul>
              ) : (
                <span className={muted}>{t('cases.noValue')}</span>
              )}
            </Detail>
            <Detail term={t('cases.fieldTarget')}>
              {testCase.target ? (
                <>
                  <span className={muted}>{t(TARGET_LABELS[testCase.target.kind])}: </span>
                  <a href={targetHref(testCase.target)} className={css({ overflowWrap: 'anywhere' })}>
                    {testCase.target.label || testCase.target.id}
                  </a>
                </>
              ) : (
                <span className={muted}>{t('cases.noValue')}</span>
              )}
            </Detail>
            {data.customFields.map((field) => (
              <Detail key={field.id} term={field.label}>
                <CustomValue field={field} value={testCase.custom[field.id]} memberNames={memberNames} />
              </Detail>
            ))}
          </dl>
          <DefaultTester caseId={testCase.id} assigneeId={data.defaultAssigneeId} members={data.members} canEdit={roleAtLeast(data.role, 'editor') && !testCase.deleted} />
        </section>
      </div>
      <CaseResults caseId={testCase.id} results={data.results} query={data.resultsQuery} />
      <section aria-labelledby="history-heading" className={section}>
        <h2 id="history-heading" className={sectionHeading}>
          {t('cases.history')}
        </h2>
        <CaseHistory history={data.history} fields={data.customFields} memberNames={memberNames} />
      </section>
    </article>
  )
}

function Header() {
  const t = useT()
  const data = useData<Data>()
  const { testCase } = data
  const canEdit = roleAtLeast(data.role, 'editor') && !testCase.deleted
  return (
    <header className={css({ mb: '6', display: 'grid', gap: '3' })}>
      <p className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        <a href={projectHref('cases', data.projectId)}>{t('cases.backToList')}</a>
      </p>
      <p className={cx(muted, css({ fontFamily: 'mono' }))} data-testid="case-key">
        {testCase.key}
      </p>
      <h1 id="case-title" className={css({ fontSize: '2xl', fontWeight: '600', overflowWrap: 'anywhere' })}>
        {testCase.title}
      </h1>
      {testCase.deleted ? (
        <div
          role="status"
          data-testid="case-deleted"
          className={css({ bg: 'warning.subtle', color: 'text', borderWidth: '1px', borderStyle: 'solid', borderColor: 'warning', borderRadius: 'l2', px: '4', py: '3', display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}
        >
          <Badge tone="warning" variant="solid">
            {t('cases.deletedBadge')}
          </Badge>
          <span>{t('cases.deletedBanner')}</span>
        </div>
      ) : null}
      <ul aria-label={t('cases.summaryLabel')} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: '0', m: '0', alignItems: 'center' })}>
        <li>
          <Badge variant="outline">
            {t('cases.fieldState')}: {t(STATE_LABELS[testCase.state])}
          </Badge>
        </li>
        <li>
          <PriorityBadge priority={testCase.priority}>
            {t('cases.fieldPriority')}: {t(PRIORITY_LABELS[testCase.priority])}
          </PriorityBadge>
        </li>
        <li>
          <Badge variant="outline">
            {t('cases.fieldType')}: {t(TYPE_LABELS[testCase.type])}
          </Badge>
        </li>
      </ul>
      <p className={cx(muted, css({ fontSize: 'sm' }))} data-testid="case-version">
        {t('cases.savedBy', { version: testCase.version, name: data.updatedBy ?? t('cases.unknownUser') })} <DateTime value={testCase.updatedAt} />
      </p>
      {canEdit ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          <Button asChild>
            <a href={caseEditHref(testCase.id)}>{t('cases.edit')}</a>
          </Button>
          <Button asChild variant="outline">
            <a href={enhancedEditorHref(data.projectId, [testCase.id])}>{t('cases.openInEnhancedEditor')}</a>
          </Button>
        </div>
      ) : null}
    </header>
  )
}

/** The case's own files, then each step's: every step for those who may change the case, else the steps that have some. */
function CaseAttachments() {
  const t = useT()
  const data = useData<Data>()
  const { testCase } = data
  if (testCase.deleted) return null
  const canWrite = roleAtLeast(data.role, 'editor')
  const ofStep = (stepId: string | null) => data.attachments.filter((item) => item.stepId === stepId)
  const steps = data.steps.map((step, index) => ({ step, number: index + 1 })).filter(({ step }) => step.kind === 'step' && (canWrite || ofStep(step.id).length > 0))
  return (
    <section aria-labelledby="attachments-heading" className={cx(section, css({ display: 'grid', gap: '5' }))}>
      <h2 id="attachments-heading" className={sectionHeading}>
        {t('attachments.heading')}
      </h2>
      <AttachmentsPanel target={{ kind: 'case', caseId: testCase.id }} seed={ofStep(null)} canWrite={canWrite} heading={t('attachments.caseHeading')} maxMegabytes={data.attachmentMaxMb} testId="case-attachments" />
      {steps.map(({ step, number }) => (
        <AttachmentsPanel
          key={step.id}
          target={{ kind: 'case', caseId: testCase.id, stepId: step.id }}
          seed={ofStep(step.id)}
          canWrite={canWrite}
          heading={t('attachments.stepHeading', { number })}
          maxMegabytes={data.attachmentMaxMb}
          testId={`step-attachments-${number}`}
        />
      ))}
    </section>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className={css({ fontSize: 'sm', fontWeight: '600', color: 'text.muted' })}>{term}</dt>
      <dd className={css({ overflowWrap: 'anywhere' })}>{children}</dd>
    </div>
  )
}

function MarkdownSection({ id, title, html, empty }: { id: string; title: string; html: string | null; empty: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={section}>
      <h2 id={`${id}-heading`} className={sectionHeading}>
        {title}
      </h2>
      {html ? (
        // Rendered on the server from Markdown with raw HTML dropped and unsafe URLs removed (lib/markdown/SafeMarkdown.tsx).
        <div className={prose} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className={muted}>{empty}</p>
      )}
    </section>
  )
}

function StepsTable({ steps }: { steps: ViewStep[] }) {
  const t = useT()
  const text = (value: string) => (value ? <span className={preWrap}>{value}</span> : <span className={muted}>–</span>)
  return (
    <Table.Container aria-label={t('cases.fieldSteps')} className={scrollBox}>
      <Table.Root data-testid="case-steps">
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">#</Table.Header>
            <Table.Header scope="col">{t('cases.stepAction')}</Table.Header>
            <Table.Header scope="col">{t('cases.stepData')}</Table.Header>
            <Table.Header scope="col">{t('cases.stepExpected')}</Table.Header>
          </Table.Row>
        </Table.Head>
        {steps.map((step, index) =>
          step.kind === 'step' ? (
            <Table.Body key={step.id}>
              <Table.Row data-testid="case-step">
                <Table.Header scope="row">{index + 1}</Table.Header>
                <Table.Cell className={css({ minW: '12rem' })}>{text(step.action)}</Table.Cell>
                <Table.Cell className={css({ minW: '8rem' })}>{text(step.data)}</Table.Cell>
                <Table.Cell className={css({ minW: '12rem' })}>{text(step.expected)}</Table.Cell>
              </Table.Row>
            </Table.Body>
          ) : (
            <Table.Body key={step.id} data-testid="case-shared-step" className={css({ bg: 'surface.raised' })}>
              <Table.Row>
                <Table.Header scope="rowgroup">{index + 1}</Table.Header>
                <Table.Cell colSpan={3}>
                  <Badge size="sm" variant="outline">
                    {t('cases.sharedBadge')}
                  </Badge>{' '}
                  <span className={css({ fontWeight: '600' })}>{step.title ?? t('cases.sharedUnknown')}</span>
                </Table.Cell>
              </Table.Row>
              {step.steps.map((inner, innerIndex) => (
                <Table.Row key={innerIndex} data-testid="case-step">
                  <Table.Header scope="row">{`${index + 1}.${innerIndex + 1}`}</Table.Header>
                  <Table.Cell>{text(inner.action)}</Table.Cell>
                  <Table.Cell>{text(inner.data)}</Table.Cell>
                  <Table.Cell>{text(inner.expected)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          ),
        )}
      </Table.Root>
    </Table.Container>
  )
}
