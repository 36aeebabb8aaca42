import { useData } from 'vike-react/useData'
import { ExplorerPage } from './ExplorerPage.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <ExplorerPage data={useData<Data>()} />
}
