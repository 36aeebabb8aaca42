import { useData } from 'vike-react/useData'
import { css } from '../../styled-system/css'
import { PageIntro } from '../../components/PageIntro.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Table } from '../../components/ui/table.tsx'
import { KIND_KEYS } from '../../features/test-suites/labels.ts'
import { NoProject } from '../../features/test-suites/NoProject.tsx'
import { useRuleText } from '../../features/test-suites/use-rule-text.ts'
import { roleAtLeast } from '../../lib/domain/test-management.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { suiteCreateHref, suiteEditHref, suiteHref } from '../../lib/routing/project-links.ts'
import type { Data } from './+data.ts'

type List = NonNullable<Data['list']>

const link = css({ color: 'primary.text', fontWeight: '600', textDecoration: 'underline', textUnderlineOffset: '2px' })
const muted = css({ color: 'text.muted', fontSize: 'sm' })

export default function Page() {
  const t = useT()
  const { list } = useData<Data>()
  if (!list) {
    return (
      <PageIntro title={t('pages.testSuitesTitle')} description={t('pages.testSuitesDescription')}>
        <NoProject />
      </PageIntro>
    )
  }
  const canEdit = roleAtLeast(list.role, 'editor')
  return (
    <PageIntro title={t('pages.testSuitesTitle')} description={t('suites.listIntro', { project: list.project.name })}>
      {canEdit && list.suites.length > 0 ? (
        <div className={css({ mb: '4' })}>
          <Button asChild>
            <a href={suiteCreateHref(list.project.id)}>{t('suites.newSuite')}</a>
          </Button>
        </div>
      ) : null}
      {list.suites.length === 0 ? <EmptyState list={list} canEdit={canEdit} /> : <SuiteTable list={list} canEdit={canEdit} />}
    </PageIntro>
  )
}

function EmptyState({ list, canEdit }: { list: List; canEdit: boolean }) {
  const t = useT()
  return (
    <div className={css({ borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong', borderRadius: 'l2', p: '6', display: 'grid', gap: '3', justifyItems: 'start' })} data-testid="suites-empty">
      <h2 className={css({ fontSize: 'lg', fontWeight: '600' })}>{t('suites.emptyTitle')}</h2>
      <p className={css({ color: 'text.muted', maxW: '70ch' })}>{t('suites.emptyText')}</p>
      {canEdit ? (
        <Button asChild>
          <a href={suiteCreateHref(list.project.id)}>{t('suites.newSuite')}</a>
        </Button>
      ) : (
        <p className={muted}>{t('suites.emptyAskEditor')}</p>
      )}
    </div>
  )
}

function SuiteTable({ list, canEdit }: { list: List; canEdit: boolean }) {
  const t = useT()
  const intl = useIntl()
  const ruleText = useRuleText(list.portals)
  return (
    // Relative: the visually hidden header text is placed in this scrolling box, not at the page's right edge.
    <Table.Container aria-label={t('suites.tableLabel')} className={css({ position: 'relative' })}>
      <Table.Root>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">{t('suites.name')}</Table.Header>
            <Table.Header scope="col">{t('suites.kind')}</Table.Header>
            <Table.Header scope="col" align="end">
              {t('suites.casesColumn')}
            </Table.Header>
            <Table.Header scope="col">{t('suites.lastRunColumn')}</Table.Header>
            {canEdit ? (
              <Table.Header scope="col">
                <span className={css({ srOnly: true })}>{t('suites.actionsColumn')}</span>
              </Table.Header>
            ) : null}
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {list.suites.map((suite) => (
            <Table.Row key={suite.id} data-testid="suite-row">
              <Table.Header scope="row" className={css({ minW: '48', maxW: '80', whiteSpace: 'normal', py: '3' })}>
                <a href={suiteHref(list.project.id, suite.id)} className={link}>
                  {suite.name}
                </a>
                {suite.summary ? <p className={css({ color: 'text.muted', fontSize: 'sm', mt: '1', overflowWrap: 'anywhere' })}>{suite.summary}</p> : null}
                <p className={css({ color: 'text.muted', fontSize: 'xs', mt: '1' })}>
                  {t('suites.updated', { date: intl.formatDate(suite.updatedAt, { dateStyle: 'medium' }) })}
                </p>
              </Table.Header>
              <Table.Cell className={css({ minW: '56', maxW: '96' })}>
                <Badge tone={suite.kind === 'static' ? 'secondary' : 'info'} size="sm">
                  {t(KIND_KEYS[suite.kind])}
                </Badge>
                {suite.kind === 'dynamic' && suite.rule ? <p className={css({ fontSize: 'sm', mt: '1' })}>{ruleText(suite.rule)}</p> : null}
              </Table.Cell>
              <Table.Cell align="end" className={css({ whiteSpace: 'nowrap' })}>
                {suite.kind === 'static' ? t('suites.caseCount', { count: suite.cases }) : t('suites.matchingNow', { count: suite.cases })}
              </Table.Cell>
              <Table.Cell className={muted}>{t('suites.notRunYet')}</Table.Cell>
              {canEdit ? (
                <Table.Cell align="end">
                  <Button asChild variant="outline">
                    <a href={suiteEditHref(suite.id)} aria-label={t('suites.editNamed', { name: suite.name })}>
                      {t('suites.edit')}
                    </a>
                  </Button>
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.Container>
  )
}
