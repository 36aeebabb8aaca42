import type { PageContextServer } from 'vike/types'

// https://vike.dev/react-setting — React's streaming scripts (Suspense boundaries completing later in the response)
// carry this response's CSP nonce, like Vike's own; without it the browser refuses them.
export default function react(pageContext: PageContextServer) {
  return { renderToStreamOptions: { streamOptions: { nonce: pageContext.cspNonce ?? undefined } } }
}
