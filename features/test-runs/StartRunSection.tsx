import { ApiProvider } from '../../lib/api/trpc.tsx'
import { StartRunForm, type StartChoices } from './StartRunForm.tsx'

/**
 * The start form with the API it needs. The run list (the same route without `start`) does not load it: the page
 * imports this module lazily, so its code and TanStack Query come only with the form (decision 021).
 */
export default function StartRunSection({ choices }: { choices: StartChoices }) {
  return (
    <ApiProvider>
      <StartRunForm key={choices.project.id} choices={choices} />
    </ApiProvider>
  )
}
