import { PageIntro } from '../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Component Gallery" description="Every interface component in both themes, with the colours for result statuses and priorities." />
}
