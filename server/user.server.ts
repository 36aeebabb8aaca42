/** What the rest of the app knows about the person behind a request. */
export type SessionUser = {
  id: string
  name: string
  email: string
  role: 'admin' | 'member'
  /** Preferred interface language and theme, when the user chose them (kept across devices). */
  locale: string | null
  theme: 'light' | 'dark' | null
}
