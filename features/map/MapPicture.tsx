import { css } from '../../styled-system/css'
import { MAP_PICTURE_SIZE } from '../../lib/domain/map-picture.ts'

// The home map's first frame (docs/map.md, "The first frame"): the SVG the server wrote for the page
// (picture-markup.ts), the offline basemap of the opening view with the first view's clusters. It lies exactly where
// the map will draw the same things, so the page shows its map with its first paint, without JavaScript too, and the
// interactive map replaces it once it has drawn. The browser never rebuilds it: hydration keeps the server's markup.

export function MapPicture({ markup }: { markup: string }) {
  return (
    <div className={frame} aria-hidden="true" data-testid="map-picture">
      <div className={picture} style={{ width: `${MAP_PICTURE_SIZE.width}px`, height: `${MAP_PICTURE_SIZE.height}px` }} dangerouslySetInnerHTML={{ __html: markup }} />
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
