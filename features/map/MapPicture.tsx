import { useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../../styled-system/css'
import { MAP_PICTURE_SIZE } from '../../lib/domain/map-picture.ts'

// The home map's first frame (docs/map.md, "The first frame"): the SVG the server wrote for the page
// (picture-markup.ts), the offline basemap of the opening view with the first view's clusters. It lies exactly where
// the map will draw the same things, so the page shows its map with its first paint, without JavaScript too, and the
// interactive map replaces it once it has drawn. The browser never rebuilds it: hydration keeps the server's markup.

/**
 * Where the page's data says the picture is. `page`: in the server-rendered page only, once (the server render takes it
 * from `pageContext.mapPicture`, hydration reads it back from the page), so the HTML does not carry its 30-odd KB twice,
 * in the markup and in the data it hydrates from. `data`: a client-side navigation's data carries it. Null: none.
 */
export type MapPictureSource = { in: 'page' } | { in: 'data'; markup: string } | null

// The element the picture's markup is written into: hydration reads it from there.
const MARKUP_ID = 'map-picture-markup'

/** The picture's markup, wherever `source` says it is; read from the page once, when the map first renders. */
export function useMapPictureMarkup(source: MapPictureSource): string | null {
  const pageContext = usePageContext()
  const [inPage] = useState(() => {
    if (source?.in !== 'page') return null
    // The server renders from its own copy (not passed to the client); the browser, while hydrating, from what the
    // server wrote.
    return typeof document === 'undefined' ? (pageContext.mapPicture ?? null) : (document.getElementById(MARKUP_ID)?.innerHTML ?? null)
  })
  return source?.in === 'data' ? source.markup : inPage
}

export function MapPicture({ markup }: { markup: string }) {
  return (
    <div className={frame} aria-hidden="true" data-testid="map-picture">
      <div id={MARKUP_ID} className={picture} style={{ width: `${MAP_PICTURE_SIZE.width}px`, height: `${MAP_PICTURE_SIZE.height}px` }} dangerouslySetInnerHTML={{ __html: markup }} />
    </div>
  )
}

// Over the map's box (above its empty canvas, below its controls and messages), never in the way of a pointer.
const frame = css({ position: 'absolute', inset: '0', overflow: 'hidden', zIndex: '1', pointerEvents: 'none' })
const picture = css({
  position: 'absolute',
  left: '50%',
  top: '50%',
  transform: 'translate(-50%, -50%)',
})
