import { PageIntro } from '../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Projects" description="Your testing projects, each with its test cases, suites and runs." />
}
