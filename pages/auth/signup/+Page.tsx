import { PageIntro } from '../../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Create an account" description="An account keeps your projects, test cases and test runs." />
}
