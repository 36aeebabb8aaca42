import { PageIntro } from '../../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Project" description="The test cases, suites, runs and latest results of this project." />
}
