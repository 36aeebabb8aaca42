import { useState, type FormEvent } from 'react'
import { FormAlert } from '../../components/FormAlert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { css, cx } from '../../styled-system/css'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import { useLocale, useT } from '../../lib/i18n/I18nProvider.tsx'
import { downloadText } from './download.ts'
import { checkRow } from '../../components/native-controls.ts'
import { fieldset, legend, panel, sectionHeading } from './styles.ts'

type Outcome = { tone: 'success' | 'error'; text: string } | null

/**
 * Export to CSV (docs/test-case-csv.md): every case of the project or the selected ones, separated by commas or by
 * semicolons (what Excel expects in Czech). The file is UTF-8 with a byte order mark, so spreadsheets keep the accents.
 * The API client loads with the first download.
 */
export function CsvExport({ projectId, selectedIds }: { projectId: string; selectedIds: string[] }) {
  const t = useT()
  const locale = useLocale()
  const [separator, setSeparator] = useState<',' | ';'>(locale === 'cs' ? ';' : ',')
  const [scope, setScope] = useState<'all' | 'selected'>('all')
  const exportCsv = useApiAction((client, input: { separator: ',' | ';'; caseIds: string[] | undefined }) => client.testCases.exportCsv.query({ projectId, ...input }))
  const [outcome, setOutcome] = useState<Outcome>(null)
  const onlySelected = scope === 'selected' && selectedIds.length > 0
  const busy = exportCsv.pending

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setOutcome(null)
    const answer = await exportCsv.run({ separator, caseIds: onlySelected ? selectedIds : undefined }, { refresh: false })
    if (!answer.ok) {
      setOutcome({ tone: 'error', text: answer.failure.message })
      return
    }
    const { filename, csv } = answer.result
    downloadText(filename, `\uFEFF${csv}`, 'text/csv;charset=utf-8')
    setOutcome({ tone: 'success', text: t('cases.exportDone', { filename }) })
  }

  return (
    <section aria-labelledby="cases-export" className={panel}>
      <h2 id="cases-export" className={sectionHeading}>
        {t('cases.exportHeading')}
      </h2>
      <form onSubmit={onSubmit} className={css({ display: 'flex', flexWrap: 'wrap', gap: '6', alignItems: 'flex-end' })}>
        <fieldset className={fieldset}>
          <legend className={legend}>{t('cases.exportScope')}</legend>
          <label className={checkRow}>
            <input type="radio" name="scope" value="all" checked={!onlySelected} onChange={() => setScope('all')} />
            {t('cases.exportAll')}
          </label>
          <label className={cx(checkRow, css({ ms: '3' }))}>
            <input type="radio" name="scope" value="selected" checked={onlySelected} disabled={selectedIds.length === 0} onChange={() => setScope('selected')} />
            {t('cases.exportSelected', { count: selectedIds.length })}
          </label>
        </fieldset>
        <fieldset className={fieldset}>
          <legend className={legend}>{t('cases.exportSeparator')}</legend>
          <label className={checkRow}>
            <input type="radio" name="separator" value="," checked={separator === ','} onChange={() => setSeparator(',')} />
            {t('cases.separatorComma')}
          </label>
          <label className={cx(checkRow, css({ ms: '3' }))}>
            <input type="radio" name="separator" value=";" checked={separator === ';'} onChange={() => setSeparator(';')} />
            {t('cases.separatorSemicolon')}
          </label>
        </fieldset>
        <Button type="submit" loading={busy}>
          {t('cases.exportButton')}
        </Button>
      </form>
      <div aria-live="polite">{outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}</div>
    </section>
  )
}
