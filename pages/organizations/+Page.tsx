import { PageIntro } from '../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Organizations" description="Explore organizations publishing data across CKAN instances" />
}
