import { PageIntro } from '../../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Sign in" description="Sign in to keep projects, test cases, test suites, test runs and reports." />
}
