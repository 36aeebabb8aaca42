import { css } from '../../styled-system/css'
import { useApiQuery } from '../../lib/api/use-api-query.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { caseHref } from '../../lib/routing/project-links.ts'
import { TextInputField } from './controls.tsx'
import { useDebounced } from '../../lib/use-debounced.ts'
import { useCaseSaves } from './case-calls.ts'

type SameTitle = Array<{ id: string; key: string }>

const warningClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '1',
  alignItems: 'baseline',
  bg: 'warning.subtle',
  color: 'warning.text',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'warning',
  borderRadius: 'l2',
  px: '3',
  py: '2',
  fontSize: 'sm',
  '& a': { color: 'warning.text', textDecoration: 'underline', fontWeight: '600' },
})

/**
 * The title, with a warning (never an error) while another case of the project has the same title, asked a moment
 * after the typing stops (and again after a save on this page). A failed question shows nothing.
 */
export function TitleField({ projectId, caseId, value, error, onChange }: { projectId: string; caseId: string | null; value: string; error?: string; onChange: (value: string) => void }) {
  const t = useT()
  const asked = useDebounced(value.trim().slice(0, 200), 400)
  const saves = useCaseSaves()
  const same = useApiQuery(
    { projectId, title: asked, excludeId: caseId },
    (client, input, signal): Promise<SameTitle> => client.testCases.sameTitle.query(input, { signal }),
    // Asked again after a save on this page; the warning stays meanwhile (a live region that emptied and filled again
    // would be read out again). A failed question shows nothing.
    { enabled: asked.length > 0, freshMs: 10_000, retries: 1, refreshOn: saves },
  )
  const duplicates = asked.length > 0 && asked === value.trim().slice(0, 200) ? (same.data ?? []) : []
  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      <TextInputField label={t('editor.fieldTitle')} required value={value} onChange={onChange} error={error} maxLength={400} testId="case-title" />
      <div role="status" aria-live="polite">
        {duplicates.length > 0 ? (
          <p className={warningClass} data-testid="same-title-warning">
            <strong>{t('editor.warning')}</strong>
            <span>{t('editor.sameTitle', { count: duplicates.length })}</span>
            {duplicates.map((item, index) => (
              <span key={item.id}>
                <a href={caseHref(item.id)}>{item.key}</a>
                {index < duplicates.length - 1 ? ',' : ''}
              </span>
            ))}
          </p>
        ) : null}
      </div>
    </div>
  )
}
