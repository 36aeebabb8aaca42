import { PageIntro } from '../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="CKAN Explorer" description="Search datasets across CKAN catalogues, live from the portals or from the harvested snapshot, with facets for publishers, tags, formats and licences." />
}
