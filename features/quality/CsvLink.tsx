import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { csvDataUri } from '../../lib/csv.ts'

const linkClass = css({ fontSize: 'sm', fontWeight: '500', width: 'fit-content' })

/**
 * A CSV export as a plain `data:` link with `download`: it works without JavaScript and needs no request. The CSV is
 * built while rendering (on the server for the first response) from the rows the table shows, rather than shipped
 * from +data.ts, which would send it twice: in the HTML and again in the hydration data.
 */
export function CsvLink({ csv, filename, label, rows, testId }: { csv: string; filename: string; label: string; rows: number; testId?: string }) {
  const t = useT()
  return (
    <a href={csvDataUri(csv)} download={filename} type="text/csv" className={linkClass} data-testid={testId} data-rows={rows}>
      {label} <span className={css({ color: 'text.muted', fontWeight: '400' })}>({t('charts.csvRows', { count: rows })})</span>
    </a>
  )
}
