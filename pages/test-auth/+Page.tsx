import { useData } from 'vike-react/useData'
import { css } from '../../styled-system/css'
import { PageIntro } from '../../components/PageIntro.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const data = useData<Data>()
  return (
    <PageIntro title="Sign-in diagnostics" description="Whether this request is signed in, as whom, and how.">
      <dl className={css({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2 6' })}>
        <dt>Signed in</dt>
        <dd data-testid="signed-in">{data.signedIn ? 'Yes' : 'No'}</dd>
        {data.signedIn ? (
          <>
            <dt>User</dt>
            <dd>
              {data.name} ({data.email})
            </dd>
          </>
        ) : null}
        <dt>Server runtime</dt>
        <dd>{data.runtime}</dd>
      </dl>
    </PageIntro>
  )
}
