import { PageIntro } from '../../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Test run" description="The results of one test run, case by case, with the evidence kept." />
}
