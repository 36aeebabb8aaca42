import { PageIntro } from '../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Test cases" description="Test cases across your projects, manual and automated against live catalogues." />
}
