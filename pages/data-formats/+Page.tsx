import { PageIntro } from '../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Data Formats" description="Explore data formats available across CKAN instances" />
}
