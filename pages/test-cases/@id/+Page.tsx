import { PageIntro } from '../../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Test case" description="One test case: its steps, expected result and history of results." />
}
