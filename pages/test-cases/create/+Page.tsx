import { PageIntro } from '../../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="New test case" description="Describe the steps and the expected result, or let the case check a live catalogue automatically." />
}
