import { PageIntro } from '../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Test suites" description="Groups of test cases that run together." />
}
