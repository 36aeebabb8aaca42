import { PageIntro } from '../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Reports" description="Reports on test runs across your projects: pass rates, failures and trends." />
}
