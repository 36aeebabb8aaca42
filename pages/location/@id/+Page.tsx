import { useData } from 'vike-react/useData'
import { PageIntro } from '../../../components/PageIntro.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { region } = useData<Data>()
  const level = region.level === 'cz-kraj' ? `Czech region, NUTS3 ${region.id}` : `Country, ISO 3166-1 ${region.id}`
  return (
    <PageIntro
      title={region.nameEn}
      description={`${level}. The datasets about this place, their publishers, format mix and average quality.`}
    />
  )
}
