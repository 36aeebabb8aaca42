import { PageIntro } from '../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Test runs" description="Every test run with its results, evidence and duration." />
}
