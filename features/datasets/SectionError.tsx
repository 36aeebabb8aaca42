import { css } from '../../styled-system/css'

/** What a section shows when its query failed: the rest of the page still renders. */
export function SectionError({ message }: { message: string }) {
  return (
    <p role="alert" className={css({ bg: 'error.subtle', color: 'error.text', borderWidth: '1px', borderColor: 'error', borderRadius: 'l2', px: '4', py: '3', fontSize: 'sm' })}>
      {message}
    </p>
  )
}
