import { PageIntro } from '../../../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Project diagnostics" description="Technical details of this project for troubleshooting." />
}
