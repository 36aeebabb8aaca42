import { useId, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react'
import { navigate } from 'vike/client/router'
import { css, cx } from '../../styled-system/css'
import { input } from '../../styled-system/recipes'
import { FormAlert } from '../../components/FormAlert.tsx'
import { PriorityBadge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { Field } from '../../components/ui/field.tsx'
import { TextField } from '../../components/ui/input.tsx'
import type { ApiInputs } from '../../lib/api/browser-client.ts'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import { useApiQuery } from '../../lib/api/use-api-query.ts'
import type { Priority, SuiteKind, SuiteRule } from '../../lib/domain/test-management.ts'
import type { RunSource } from '../../lib/domain/test-runs.ts'
import type { FieldErrors } from '../../lib/forms/validation.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { projectHref, runHref } from '../../lib/routing/project-links.ts'
import { defaultRunName } from './run-figures.ts'
import { checkForm } from '../../lib/forms/form-checks.ts'
import { useInvalidFocus } from '../../lib/forms/invalid-focus.ts'
import { useDebounced } from '../../lib/use-debounced.ts'

const loadRunCreateSchema = () => import('../../lib/forms/test-run-schemas.ts').then((schemas) => schemas.RunCreateSchema)

export type StartChoices = {
  project: { id: string; key: string; name: string }
  suites: Array<{ id: string; name: string; kind: SuiteKind; rule: SuiteRule | null; cases: number | null }>
  portals: Array<{ id: string; name: string }>
  members: Array<{ id: string; name: string }>
  suiteId: string | null
}

type CaseInfo = { id: string; key: string; title: string; priority: Priority }

const SEARCH_SIZE = 20
/** How long an answer is shown again without asking (the query library's staleTime, as this form had it). */
const QUERY_FRESH_MS = 30_000
const NO_RULE: SuiteRule = { tags: [], minPriority: null, folder: null, portalId: null }
const sectionTitle = css({ fontSize: 'xl', fontWeight: '600' })
const muted = css({ color: 'text.muted', fontSize: 'sm' })
const plainList = css({ display: 'grid', gap: '1', listStyle: 'none', p: '0', m: '0' })
const checkRow = css({ display: 'flex', gap: '3', alignItems: 'center', minH: '10', px: '2', py: '1', borderRadius: 'l2', _hover: { bg: 'surface.hover' }, w: 'full' })


/** A field's error from the browser's check (`run.name`) or the server's (`assignees`, `source`). */
function errorOf(errors: FieldErrors, ...paths: string[]): string | undefined {
  for (const path of paths) {
    const found = Object.entries(errors).find(([key]) => key === path || key.startsWith(`${path}.`))
    if (found) return found[1]
  }
  return undefined
}

/**
 * Starts a run: from a suite (a static suite's cases, or what a dynamic suite's rule matches at this moment) or from
 * cases picked by search; with its name, portal, assignees, environment, build and commit. The cases are frozen when
 * the run starts, then the run's page opens.
 */
export function StartRunForm({ choices }: { choices: StartChoices }) {
  const t = useT()
  const focusFirstError = useInvalidFocus()
  const intl = useIntl()
  const projectId = choices.project.id
  const today = intl.formatDate(new Date(), { dateStyle: 'medium' })
  const firstSuite = choices.suiteId ?? choices.suites[0]?.id ?? ''
  const [source, setSource] = useState<RunSource>(choices.suites.length > 0 ? 'suite' : 'selection')
  const [suiteId, setSuiteId] = useState(firstSuite)
  const [picked, setPicked] = useState<Map<string, CaseInfo>>(new Map())
  const suiteName = (id: string) => choices.suites.find((suite) => suite.id === id)?.name ?? null
  const [name, setName] = useState(() => defaultRunName(source === 'suite' ? suiteName(firstSuite) : null, today))
  // The name follows the chosen suite until the user types their own.
  const [nameTyped, setNameTyped] = useState(false)
  const [portalId, setPortalId] = useState('')
  const [assignees, setAssignees] = useState<string[]>([])
  const [environment, setEnvironment] = useState('')
  const [build, setBuild] = useState('')
  const [commit, setCommit] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const create = useApiAction((client, input: ApiInputs['testRuns']['create']) => client.testRuns.create.mutate(input))

  function chooseSuite(id: string) {
    setSuiteId(id)
    if (!nameTyped) setName(defaultRunName(suiteName(id), today))
  }
  function chooseSource(next: RunSource) {
    setSource(next)
    if (!nameTyped) setName(defaultRunName(next === 'suite' ? suiteName(suiteId) : null, today))
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const parsed = await checkForm(
      loadRunCreateSchema,
      {
        projectId,
        run: { name, assignees, environment, build: build.trim() || null, commit: commit.trim() || null, portalId: portalId || null },
        source: source === 'suite' ? { kind: 'suite', suiteId } : { kind: 'selection', caseIds: [...picked.keys()] },
      },
      t,
    )
    if (!parsed.ok) {
      setErrors(parsed.errors ?? {})
      setFormError(parsed.errors ? null : t('common.networkError'))
      focusFirstError(form)
      return
    }
    setErrors({})
    setFormError(null)
    // The run's page opens next: nothing here to read again.
    const outcome = await create.run(parsed.data, { refresh: false })
    if (outcome.ok) {
      await navigate(runHref(outcome.result.id))
      return
    }
    const { failure } = outcome
    setErrors(failure.fieldErrors)
    setFormError(Object.keys(failure.fieldErrors).length > 0 ? null : failure.message)
    focusFirstError(form)
  }

  const sourceError = errorOf(errors, 'source', 'source.caseIds', 'source.suiteId')
  return (
    <form onSubmit={onSubmit} noValidate className={css({ display: 'grid', gap: '6', maxW: '960px' })} data-testid="start-run-form">
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      <section aria-labelledby="run-cases-title" className={css({ display: 'grid', gap: '4' })}>
        <h2 id="run-cases-title" className={sectionTitle}>
          {t('runs.casesTitle')}
        </h2>
        <fieldset className={css({ display: 'grid', gap: '2' })}>
          <legend className={css({ fontSize: 'sm', fontWeight: '500', mb: '1' })}>{t('runs.sourceLegend')}</legend>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', columnGap: '6' })}>
            <Radio name="source" value="suite" checked={source === 'suite'} disabled={choices.suites.length === 0} onChange={() => chooseSource('suite')}>
              {t('runs.fromSuite')}
            </Radio>
            <Radio name="source" value="selection" checked={source === 'selection'} onChange={() => chooseSource('selection')}>
              {t('runs.fromSelection')}
            </Radio>
          </div>
          {choices.suites.length === 0 ? <p className={muted}>{t('runs.noSuites')}</p> : null}
        </fieldset>
        {source === 'suite' ? (
          <SuiteChoice choices={choices} suiteId={suiteId} onChange={chooseSuite} error={sourceError} />
        ) : (
          <CasePicker projectId={projectId} picked={picked} onChange={setPicked} error={sourceError} />
        )}
      </section>

      <section aria-labelledby="run-details-title" className={css({ display: 'grid', gap: '4' })}>
        <h2 id="run-details-title" className={sectionTitle}>
          {t('runs.detailsTitle')}
        </h2>
        <TextField
          label={t('runs.name')}
          name="name"
          required
          maxLength={200}
          value={name}
          onChange={(event) => {
            setName(event.target.value)
            setNameTyped(true)
          }}
          invalid={Boolean(errorOf(errors, 'run.name', 'name'))}
          errorText={errorOf(errors, 'run.name', 'name')}
          autoComplete="off"
        />
        <NativeSelect label={t('runs.portal')} hint={t('runs.portalHint')} error={errorOf(errors, 'run.portalId', 'portalId')} value={portalId} onChange={(event) => setPortalId(event.target.value)}>
          <option value="">{t('runs.noPortal')}</option>
          {choices.portals.map((portal) => (
            <option key={portal.id} value={portal.id}>
              {portal.name}
            </option>
          ))}
        </NativeSelect>
        <fieldset className={css({ display: 'grid', gap: '1' })} aria-describedby={errorOf(errors, 'run.assignees', 'assignees') ? 'assignees-error' : undefined}>
          <legend className={css({ fontSize: 'sm', fontWeight: '500', mb: '1' })}>{t('runs.assignees')}</legend>
          <ul className={cx(plainList, css({ gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }))}>
            {choices.members.map((member) => (
              <li key={member.id}>
                <Checkbox.Root
                  checked={assignees.includes(member.id)}
                  onCheckedChange={(details) => setAssignees((current) => (details.checked === true ? [...current, member.id] : current.filter((id) => id !== member.id)))}
                  className={checkRow}
                >
                  <Checkbox.Control />
                  <Checkbox.Label className={css({ overflowWrap: 'anywhere', minW: '0' })}>{member.name}</Checkbox.Label>
                  <Checkbox.HiddenInput />
                </Checkbox.Root>
              </li>
            ))}
          </ul>
          {errorOf(errors, 'run.assignees', 'assignees') ? (
            <p id="assignees-error" className={css({ color: 'error.text', fontSize: 'sm' })}>
              {errorOf(errors, 'run.assignees', 'assignees')}
            </p>
          ) : null}
        </fieldset>
        <Field.Root invalid={Boolean(errorOf(errors, 'run.environment'))}>
          <Field.Label>{t('runs.environment')}</Field.Label>
          <Field.Textarea name="environment" rows={3} value={environment} onChange={(event) => setEnvironment(event.target.value)} />
          {errorOf(errors, 'run.environment') ? <Field.ErrorText>{errorOf(errors, 'run.environment')}</Field.ErrorText> : <Field.HelperText>{t('runs.environmentHint')}</Field.HelperText>}
        </Field.Root>
        <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } })}>
          <TextField label={t('runs.build')} name="build" value={build} onChange={(event) => setBuild(event.target.value)} invalid={Boolean(errorOf(errors, 'run.build'))} errorText={errorOf(errors, 'run.build')} autoComplete="off" />
          <TextField label={t('runs.commit')} name="commit" value={commit} onChange={(event) => setCommit(event.target.value)} invalid={Boolean(errorOf(errors, 'run.commit'))} errorText={errorOf(errors, 'run.commit')} autoComplete="off" />
        </div>
      </section>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' })}>
        <Button type="submit" loading={create.pending}>
          {t('runs.startRun')}
        </Button>
        <a href={projectHref('runs', projectId)} className={css({ color: 'primary.text', minH: '10', display: 'inline-flex', alignItems: 'center' })}>
          {t('runs.cancel')}
        </a>
      </div>
    </form>
  )
}

function SuiteChoice({ choices, suiteId, onChange, error }: { choices: StartChoices; suiteId: string; onChange: (id: string) => void; error: string | undefined }) {
  const t = useT()
  const suite = choices.suites.find((item) => item.id === suiteId)
  const rule = suite?.kind === 'dynamic' ? suite.rule : null
  // A dynamic suite's rule is resolved when the run starts: show what it matches at this moment.
  const preview = useApiQuery({ projectId: choices.project.id, rule: rule ?? NO_RULE }, (client, input, signal) => client.testSuites.preview.query(input, { signal }), {
    enabled: rule !== null,
    freshMs: QUERY_FRESH_MS,
    retries: 1,
  })
  const failure = preview.failure
  const shown = preview.shown
  let note: ReactNode = null
  if (suite?.kind === 'static') note = t('runs.suiteCases', { count: suite.cases ?? 0 })
  else if (rule && !shown && !failure) note = t('runs.ruleCounting')
  else if (rule && failure)
    note = (
      <span className={css({ color: 'error.text' })}>
        {failure.message}{' '}
        <Button variant="outline" size="sm" onClick={() => void preview.refresh()}>
          {t('runs.retry')}
        </Button>
      </span>
    )
  else if (rule && shown) note = t('runs.ruleMatchesNow', { count: shown.total })
  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      <NativeSelect label={t('runs.suite')} error={error} value={suiteId} onChange={(event) => onChange(event.target.value)}>
        {choices.suites.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </NativeSelect>
      <p role="status" aria-live="polite" className={css({ fontWeight: '600' })} data-testid="suite-case-count">
        {note}
      </p>
    </div>
  )
}

function CasePicker({ projectId, picked, onChange, error }: { projectId: string; picked: Map<string, CaseInfo>; onChange: (next: Map<string, CaseInfo>) => void; error: string | undefined }) {
  const t = useT()
  const [q, setQ] = useState('')
  const words = useDebounced(q.trim(), 250)
  const results = useApiQuery({ projectId, filters: { q: words || undefined }, pageSize: SEARCH_SIZE }, (client, input, signal) => client.testCases.list.query(input, { signal }), {
    freshMs: QUERY_FRESH_MS,
    retries: 1,
  })
  const failure = results.failure
  // While the next words' answer is on its way, the last one stays (as the query library's placeholder data did).
  const data = results.shown
  const items = data?.items ?? []

  function toggle(item: CaseInfo, on: boolean) {
    const next = new Map(picked)
    if (on) next.set(item.id, item)
    else next.delete(item.id)
    onChange(next)
  }

  return (
    <div className={css({ display: 'grid', gap: '3' })} data-testid="case-picker">
      <TextField label={t('runs.searchCases')} type="search" value={q} onChange={(event) => setQ(event.target.value)} invalid={Boolean(error)} errorText={error} />
      <p role="status" aria-live="polite" className={css({ fontWeight: '600' })} data-testid="search-count">
        {!data && !failure ? t('runs.searching') : data ? t('runs.found', { count: data.total }) : ''}
      </p>
      {failure ? (
        <div role="alert" className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', color: 'error.text' })}>
          <span>{failure.message}</span>
          <Button variant="outline" onClick={() => void results.refresh()}>
            {t('runs.retry')}
          </Button>
        </div>
      ) : null}
      {items.length > 0 ? (
        <ul aria-label={t('runs.resultsLabel')} aria-busy={results.fetching} className={cx(plainList, css({ opacity: results.fetching ? 0.7 : 1 }))}>
          {items.map((item) => (
            <li key={item.id} data-testid="search-result">
              <Checkbox.Root checked={picked.has(item.id)} onCheckedChange={(details) => toggle({ id: item.id, key: item.key, title: item.title, priority: item.priority }, details.checked === true)} className={checkRow}>
                <Checkbox.Control />
                <Checkbox.Label className={css({ display: 'flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap', flex: '1', minW: '0' })}>
                  <span className={css({ fontFamily: 'mono', fontSize: 'sm', color: 'text.muted' })}>{item.key}</span>
                  <span className={css({ overflowWrap: 'anywhere' })}>{item.title}</span>
                </Checkbox.Label>
                <PriorityBadge priority={item.priority} size="sm" />
                <Checkbox.HiddenInput />
              </Checkbox.Root>
            </li>
          ))}
        </ul>
      ) : data && data.total === 0 ? (
        <p className={css({ color: 'text.muted' })}>{t('runs.nothingFound')}</p>
      ) : null}
      {data && data.total > items.length ? <p className={muted}>{t('runs.moreResults', { shown: items.length, total: data.total })}</p> : null}
      <div className={css({ display: 'grid', gap: '2', borderTopWidth: '1px', borderColor: 'border', pt: '3' })}>
        <h3 className={css({ fontWeight: '600' })} data-testid="picked-count">
          {t('runs.pickedCount', { count: picked.size })}
        </h3>
        {picked.size > 0 ? (
          <ul className={plainList}>
            {[...picked.values()].map((item) => (
              <li key={item.id} className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                <span className={css({ fontFamily: 'mono', fontSize: 'sm', color: 'text.muted' })}>{item.key}</span>
                <span className={css({ overflowWrap: 'anywhere', flex: '1', minW: '0' })}>{item.title}</span>
                <Button variant="ghost" size="sm" onClick={() => toggle(item, false)} aria-label={t('runs.removePicked', { name: `${item.key} ${item.title}` })} className={css({ minH: '10' })}>
                  {t('runs.remove')}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={muted}>{t('runs.pickHint')}</p>
        )}
      </div>
    </div>
  )
}

function Radio({ children, ...props }: ComponentProps<'input'> & { children: ReactNode }) {
  return (
    <label className={css({ display: 'inline-flex', gap: '2', alignItems: 'center', minH: '10', cursor: 'pointer', _hover: { color: 'primary.text' } })}>
      <input type="radio" {...props} className={css({ w: '4', h: '4', accentColor: 'primary' })} />
      {children}
    </label>
  )
}

/** A labelled native <select> with a hint or an error: keyboard and screen readers as the platform does them. */
function NativeSelect({ label, hint, error, children, ...props }: ComponentProps<'select'> & { label: string; hint?: string; error?: string }) {
  const id = useId()
  const note = error ?? hint
  return (
    <div className={css({ display: 'grid', gap: '1.5', minW: '0', alignContent: 'start' })}>
      <label htmlFor={id} className={css({ fontSize: 'sm', fontWeight: '500' })}>
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={note ? `${id}-note` : undefined} {...props} className={cx(input({ size: 'md' }), css({ appearance: 'auto', pe: '2', maxW: 'full' }))}>
        {children}
      </select>
      {note ? (
        <p id={`${id}-note`} className={css({ fontSize: 'sm', color: error ? 'error.text' : 'text.muted' })}>
          {note}
        </p>
      ) : null}
    </div>
  )
}

