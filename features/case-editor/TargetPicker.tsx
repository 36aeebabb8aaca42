import { useId, useState } from 'react'
import { css } from '../../styled-system/css'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { TARGET_KINDS, type CaseTarget, type TargetKind } from '../../lib/domain/test-management.ts'
import { useApiQuery } from '../../lib/api/use-api-query.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { GroupError, TextInputField } from './controls.tsx'
import { targetKindLabel } from './labels.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { editorFailureTexts } from './case-calls.ts'

const kindRow = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  '& label': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    minH: '10',
    px: '3',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'border',
    cursor: 'pointer',
    _hover: { bg: 'surface.hover' },
    '&:has(input:checked)': { borderColor: 'primary', bg: 'primary.subtle', color: 'primary.text' },
    '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
  },
  '& input': { accentColor: 'primary', w: '4', h: '4' },
})

const resultButton = css({
  display: 'grid',
  gap: '0.5',
  w: '100%',
  textAlign: 'start',
  minH: '10',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  bg: 'transparent',
  color: 'text',
  border: 'none',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  _hover: { bg: 'surface.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '-2px' },
})

type Option = { kind: TargetKind; id: string; label: string; detail: string | null }

/**
 * What the case is about in the harvested catalogue: a portal, a dataset found by words, or a resource of a dataset
 * chosen first. Shows the chosen target's label and clears it.
 */
export function TargetPicker({ projectId, value, error, onChange }: { projectId: string; value: CaseTarget | null; error?: string; onChange: (target: CaseTarget | null) => void }) {
  const t = useT()
  const id = useId()
  const [kind, setKind] = useState<TargetKind>(value?.kind ?? 'dataset')
  const [words, setWords] = useState('')
  const [dataset, setDataset] = useState<Option | null>(null)
  const asked = useDebounced(words.trim(), 300)
  // A resource is chosen among the resources of a dataset: the dataset is searched for first.
  const searchKind: TargetKind = kind === 'resource' && !dataset ? 'dataset' : kind
  const enabled = searchKind === 'portal' || searchKind === 'resource' || asked.length > 0
  const results = useApiQuery(
    { projectId, kind: searchKind, q: searchKind === 'resource' ? '' : asked, datasetId: searchKind === 'resource' ? dataset?.id : undefined },
    (client, input, signal): Promise<Option[]> => client.testCases.targets.query(input, { signal }),
    { enabled, freshMs: 60_000, retries: 1, failureTexts: editorFailureTexts(t) },
  )
  const failure = results.failure
  const options: Option[] = results.data ?? []

  function choose(option: Option) {
    if (kind === 'resource' && !dataset) {
      setDataset(option)
      return
    }
    onChange({ kind: option.kind, id: option.id, label: option.label })
    setWords('')
    setDataset(null)
  }

  const status = !enabled
    ? t('editorparts.targetTypeToSearch')
    : results.data === undefined && !failure
      ? t('editorparts.targetSearching')
      : failure
        ? null
        : options.length === 0
          ? t('editorparts.targetNothing')
          : t('editorparts.targetFound', { count: options.length })

  return (
    <div className={css({ display: 'grid', gap: '3', minW: '0' })} data-testid="target-picker">
      {value ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', p: '3', borderRadius: 'l2', bg: 'surface', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border' })}>
          <Badge tone="info">{targetKindLabel(t, value.kind)}</Badge>
          <span className={css({ fontWeight: '600', overflowWrap: 'anywhere', flex: '1', minW: '0' })} data-testid="target-chosen">
            {value.label || value.id}
          </span>
          <Button size="sm" variant="outline" onClick={() => onChange(null)}>
            {t('editorparts.targetClear')}
          </Button>
        </div>
      ) : (
        <p className={css({ color: 'text.muted', fontSize: 'sm' })}>{t('editorparts.targetNone')}</p>
      )}
      {error ? <GroupError id={`${id}-error`}>{error}</GroupError> : null}
      <fieldset className={css({ border: 'none', p: '0', m: '0', minW: '0' })}>
        <legend className={css({ fontSize: 'sm', fontWeight: '500', mb: '1.5' })}>{t('editorparts.targetKind')}</legend>
        <div className={kindRow}>
          {TARGET_KINDS.map((option) => (
            <label key={option}>
              <input
                type="radio"
                name={`${id}-kind`}
                value={option}
                checked={kind === option}
                onChange={() => {
                  setKind(option)
                  setDataset(null)
                }}
              />
              {targetKindLabel(t, option)}
            </label>
          ))}
        </div>
      </fieldset>
      {dataset ? (
        <p className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
          <span>{t('editorparts.targetResourcesOf', { dataset: dataset.label })}</span>
          <Button size="sm" variant="ghost" onClick={() => setDataset(null)}>
            {t('editorparts.targetOtherDataset')}
          </Button>
        </p>
      ) : (
        <TextInputField
          type="search"
          label={searchKind === 'portal' ? t('editorparts.targetSearchPortal') : t('editorparts.targetSearchDataset')}
          value={words}
          onChange={setWords}
          testId="target-search"
        />
      )}
      <p role="status" aria-live="polite" className={css({ fontSize: 'sm', color: 'text.muted' })}>
        {status}
      </p>
      {failure ? (
        <div role="alert" className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', color: 'error.text', fontSize: 'sm' })}>
          <span>{failure.message}</span>
          <Button size="sm" variant="outline" onClick={() => void results.refresh()}>
            {t('editorparts.retry')}
          </Button>
        </div>
      ) : null}
      {enabled && options.length > 0 ? (
        <ul aria-label={t('editorparts.targetResults')} className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '1', maxH: '72', overflowY: 'auto', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2' })}>
          {options.map((option) => (
            <li key={option.id}>
              <button type="button" className={resultButton} onClick={() => choose(option)} data-testid="target-option">
                <span className={css({ fontWeight: '500' })}>{option.label}</span>
                {option.detail ? <span className={css({ fontSize: 'sm', color: 'text.muted' })}>{option.detail}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
export default TargetPicker
