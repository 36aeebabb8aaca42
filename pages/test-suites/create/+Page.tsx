import { PageIntro } from '../../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="New test suite" description="Choose the test cases that belong together and the order they run in." />
}
