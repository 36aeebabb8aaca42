import { StartRunForm, type StartChoices } from './StartRunForm.tsx'

/**
 * The start form, one per project. The run list (the same route without `start`) does not load it: the page imports
 * this module lazily, so the form's code comes only with the form (decision 021); its calls load the API client on
 * first use (decision 024).
 */
export default function StartRunSection({ choices }: { choices: StartChoices }) {
  return <StartRunForm key={choices.project.id} choices={choices} />
}
