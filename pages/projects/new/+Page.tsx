import { PageIntro } from '../../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="New project" description="A project holds test cases, suites and runs for one catalogue or team." />
}
