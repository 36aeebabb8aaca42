/** What the rest of the app knows about the person behind a request. */
export type SessionUser = {
  id: string
  name: string
  email: string
  role: 'admin' | 'member'
}
