import { usePageContext } from 'vike-react/usePageContext'
import { postedStateFor, type FormPostState } from './form-post.ts'

/**
 * The values and messages of the form `name` when the page comes back from a refused post without JavaScript
 * (null otherwise). Forms give its values as `defaultValue`s and show its messages as they show their own.
 */
export function usePostedForm(name: string): FormPostState | null {
  return postedStateFor(usePageContext().formPost, name)
}
