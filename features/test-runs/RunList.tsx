import { css } from '../../styled-system/css'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Table } from '../../components/ui/table.tsx'
import { RUN_STATES, type RunCounts, type RunState } from '../../lib/domain/test-runs.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { runHref, runListHref, runStartHref, suiteCreateHref } from '../../lib/routing/project-links.ts'
import { input } from '../../styled-system/recipes'
import { RunProgress } from './RunProgress.tsx'
import { STATE_TONES } from './state-tones.ts'

export type RunListData = {
  project: { id: string; key: string; name: string }
  canStart: boolean
  state: RunState | null
  allRuns: number
  runs: Array<{
    id: string
    name: string
    state: RunState
    build: string | null
    counts: RunCounts
    total: number
    passRate: number | null
    createdBy: string | null
    createdAt: Date
    assignees: Array<string | null>
  }>
}

const link = css({ color: 'primary.text', fontWeight: '600', textDecoration: 'underline', textUnderlineOffset: '2px', overflowWrap: 'anywhere' })
const muted = css({ color: 'text.muted', fontSize: 'sm' })

/** The project's runs: a state filter (a plain GET form, so it works before and without JavaScript) and the table. */
export function RunList({ list }: { list: RunListData }) {
  const t = useT()
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end', justifyContent: 'space-between' })}>
        {list.allRuns > 0 ? <StateFilter list={list} /> : null}
        {list.canStart && list.allRuns > 0 ? (
          <Button asChild>
            <a href={runStartHref(list.project.id)}>{t('runs.startRun')}</a>
          </Button>
        ) : null}
      </div>
      <p className={css({ srOnly: true })} role="status">
        {list.state ? t('runs.filteredCount', { count: list.runs.length, state: t(`labels.runState_${list.state}`) }) : t('runs.runCount', { count: list.runs.length })}
      </p>
      {list.allRuns === 0 ? <EmptyState list={list} /> : list.runs.length === 0 ? <NoneInState list={list} /> : <RunTable list={list} />}
    </div>
  )
}

function StateFilter({ list }: { list: RunListData }) {
  const t = useT()
  return (
    <form method="get" action="/test-runs" className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'end' })} data-testid="state-filter">
      <input type="hidden" name="project" value={list.project.id} />
      <div className={css({ display: 'grid', gap: '1.5' })}>
        <label htmlFor="run-state" className={css({ fontSize: 'sm', fontWeight: '500' })}>
          {t('runs.stateFilter')}
        </label>
        <select id="run-state" name="state" defaultValue={list.state ?? ''} className={`${input({ size: 'md' })} ${css({ appearance: 'auto', pe: '2', minW: '48' })}`}>
          <option value="">{t('runs.allStates')}</option>
          {RUN_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`labels.runState_${state}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        {t('runs.applyFilter')}
      </Button>
      {list.state ? (
        <a href={runListHref(list.project.id)} className={css({ color: 'primary.text', minH: '10', display: 'inline-flex', alignItems: 'center' })}>
          {t('runs.clearFilter')}
        </a>
      ) : null}
    </form>
  )
}

function EmptyState({ list }: { list: RunListData }) {
  const t = useT()
  return (
    <div className={css({ borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong', borderRadius: 'l2', p: '6', display: 'grid', gap: '3', justifyItems: 'start' })} data-testid="runs-empty">
      <h2 className={css({ fontSize: 'lg', fontWeight: '600' })}>{t('runs.emptyTitle')}</h2>
      <p className={css({ color: 'text.muted', maxW: '70ch' })}>{t('runs.emptyText')}</p>
      {list.canStart ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'center' })}>
          <Button asChild>
            <a href={runStartHref(list.project.id)}>{t('runs.startRun')}</a>
          </Button>
          <a href={suiteCreateHref(list.project.id)} className={link}>
            {t('runs.emptyCreateSuite')}
          </a>
        </div>
      ) : (
        <p className={muted}>{t('runs.emptyAskEditor')}</p>
      )}
    </div>
  )
}

function NoneInState({ list }: { list: RunListData }) {
  const t = useT()
  return (
    <p className={css({ borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong', borderRadius: 'l2', p: '4', color: 'text.muted' })} data-testid="runs-none-in-state">
      {t('runs.noneInState', { state: t(`labels.runState_${list.state ?? 'open'}`) })}{' '}
      <a href={runListHref(list.project.id)} className={link}>
        {t('runs.showAll')}
      </a>
    </p>
  )
}

function RunTable({ list }: { list: RunListData }) {
  const t = useT()
  const intl = useIntl()
  const someone = t('runs.someone')
  return (
    // Relative: the visually hidden texts are placed in this scrolling box, not at the page's right edge.
    <Table.Container aria-label={t('runs.tableLabel')} className={css({ position: 'relative' })}>
      <Table.Root>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">{t('runs.name')}</Table.Header>
            <Table.Header scope="col">{t('runs.state')}</Table.Header>
            <Table.Header scope="col">{t('runs.progress')}</Table.Header>
            <Table.Header scope="col">{t('runs.started')}</Table.Header>
            <Table.Header scope="col">{t('runs.assignees')}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {list.runs.map((run) => (
            <Table.Row key={run.id} data-testid="run-row">
              <Table.Header scope="row" className={css({ minW: '44', maxW: '72', whiteSpace: 'normal', py: '3' })}>
                <a href={runHref(run.id)} className={link}>
                  {run.name}
                </a>
                {run.build ? <p className={css({ color: 'text.muted', fontSize: 'xs', mt: '1', overflowWrap: 'anywhere' })}>{t('runs.buildValue', { build: run.build })}</p> : null}
              </Table.Header>
              <Table.Cell>
                <Badge tone={STATE_TONES[run.state]} size="sm" data-testid="run-state">
                  {t(`labels.runState_${run.state}`)}
                </Badge>
              </Table.Cell>
              <Table.Cell className={css({ minW: '56' })}>
                <RunProgress counts={run.counts} total={run.total} passRate={run.passRate} />
              </Table.Cell>
              <Table.Cell className={css({ minW: '36', fontSize: 'sm' })}>
                <span>{run.createdBy ?? someone}</span>
                <br />
                <time dateTime={new Date(run.createdAt).toISOString()} className={muted}>
                  {intl.formatDate(run.createdAt, { dateStyle: 'medium' })} {intl.formatTime(run.createdAt, { timeStyle: 'short' })}
                </time>
              </Table.Cell>
              <Table.Cell className={css({ minW: '36', maxW: '64', whiteSpace: 'normal', fontSize: 'sm' })}>
                {run.assignees.length === 0 ? <span className={muted}>{t('runs.nobodyAssigned')}</span> : run.assignees.map((name) => name ?? someone).join(', ')}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.Container>
  )
}
