import { useData } from 'vike-react/useData'
import { RunExecution } from './RunExecution.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const data = useData<Data>()
  // A new first paint (a link from elsewhere) starts the view over.
  return <RunExecution key={`${data.detail.run.id}:${data.detail.version}:${data.open?.runCase.id ?? ''}`} initial={{ detail: data.detail, info: data.run, members: data.members, query: data.query, open: data.open, junitNotice: data.junitNotice }} />
}
