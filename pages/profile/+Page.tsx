import { PageIntro } from '../../components/PageIntro.tsx'

export default function Page() {
  return <PageIntro title="Profile" description="Your name, e-mail, password, language, theme, sessions and API tokens." />
}
