import { PageIntro } from '../../../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Edit test case" description="Change the steps, expected result, priority and automation of this test case." />
}
