import { PageIntro } from '../../../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Edit test suite" description="Change which test cases this suite holds and their order." />
}
