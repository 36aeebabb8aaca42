import { PageIntro } from '../../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Enhanced test case editor" description="Write test cases with reusable steps and checks against live catalogues." />
}
