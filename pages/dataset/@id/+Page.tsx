import { useData } from 'vike-react/useData'
import { css } from '../../../styled-system/css'
import type { Data } from './+data.ts'

export default function Page() {
  const { dataset } = useData<Data>()
  return (
    <article aria-labelledby="dataset-title">
      <p className={css({ color: 'muted' })}>{dataset.instanceName}</p>
      <h1 id="dataset-title" className={css({ fontSize: '2xl', fontWeight: '600', mb: '2' })}>
        {dataset.title}
      </h1>
      {dataset.deletedAt ? (
        <p role="status">This dataset has been removed from its portal; what was last harvested is shown.</p>
      ) : null}
      {dataset.notes ? <p className={css({ whiteSpace: 'pre-wrap', maxW: '70ch' })}>{dataset.notes}</p> : null}
    </article>
  )
}
