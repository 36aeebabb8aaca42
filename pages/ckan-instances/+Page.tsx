import { PageIntro } from '../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="CKAN Instances" description="The CKAN catalogues Portalscope watches: their health, CKAN version, dataset count and harvests." />
}
