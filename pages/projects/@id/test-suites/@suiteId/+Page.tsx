import { PageIntro } from '../../../../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Test suite" description="The test cases of this suite and the results of its runs." />
}
