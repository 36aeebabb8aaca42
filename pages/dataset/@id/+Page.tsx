import { useData } from 'vike-react/useData'
import { css } from '../../../styled-system/css'
import { useT } from '../../../features/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const t = useT()
  const { dataset } = useData<Data>()
  return (
    <article aria-labelledby="dataset-title">
      <p className={css({ color: 'text.muted' })}>{dataset.instanceName}</p>
      <h1 id="dataset-title" className={css({ fontSize: '2xl', fontWeight: '600', mb: '2' })}>
        {dataset.title}
      </h1>
      {dataset.deletedAt ? (
        <p role="status">{t('ckan.deletedOnPortal')}</p>
      ) : null}
      {dataset.notes ? <p className={css({ whiteSpace: 'pre-wrap', maxW: '70ch' })}>{dataset.notes}</p> : null}
    </article>
  )
}
