import { PageIntro } from '../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Data Quality" description="Analyze and monitor data quality across CKAN instances" />
}
