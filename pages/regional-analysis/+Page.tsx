import { PageIntro } from '../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Regional Analysis" description="How datasets are spread across the Czech regions and the countries of the world, with their publishers, formats and quality." />
}
