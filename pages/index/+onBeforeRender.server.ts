import type { PageContextServer } from 'vike/types'
import type { Data } from './+data.ts'
import { firstFrameMarkup } from './first-frame.server.ts'

// https://vike.dev/onBeforeRender — the home map's first frame for the server's render of the page only: a property
// outside `passToClient`, so the HTML carries it once, in the markup, and hydration reads it back from there
// (features/map/MapPicture.tsx). A client-side navigation's data carries it instead (+data.ts).
export function onBeforeRender(pageContext: PageContextServer<Data>) {
  const { picture, firstView } = pageContext.data.homeMap
  if (picture?.in !== 'page' || !firstView) return
  return { pageContext: { mapPicture: firstFrameMarkup(firstView.tiles, pageContext.locale) } }
}
