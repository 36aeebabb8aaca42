import { usePageContext } from 'vike-react/usePageContext'
import { routeForPage } from '../lib/routing/route-table.ts'

// https://vike.dev/Head — rendered on the server only. A page the route table marks `noindex` asks search engines not
// to index it (the response also says so in X-Robots-Tag: pages/+headersResponse.ts).
export default function Head() {
  const { pageId } = usePageContext()
  return routeForPage(pageId)?.noindex ? <meta name="robots" content="noindex, nofollow" /> : null
}
