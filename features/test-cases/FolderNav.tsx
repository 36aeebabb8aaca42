import { css, cx } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { casesHref, type CaseQuery } from './case-query.ts'
import { folderTree, type FolderNode } from './folder-tree.ts'
import { plainList, sectionHeading } from './styles.ts'

const link = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '2',
  alignItems: 'center',
  minH: '10',
  px: '2',
  borderRadius: 'l2',
  color: 'text',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  _hover: { bg: 'surface.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focus', outlineOffset: '-2px' },
  '&[aria-current=page]': { fontWeight: '600', color: 'primary.text', bg: 'primary.subtle' },
})
const count = css({ fontSize: 'xs', color: 'text.muted', fontVariantNumeric: 'tabular-nums', flexShrink: 0 })

/** A folder's number of cases: the digits on screen, "5 test cases" for screen readers. */
function Count({ value }: { value: number }) {
  const t = useT()
  return (
    <span className={count}>
      <span aria-hidden="true">{value}</span>
      <span className={css({ srOnly: true })}>{t('cases.folderCount', { count: value })}</span>
    </span>
  )
}

/**
 * The folder tree: links to the list narrowed to a folder (with its sub-folders), to every folder, and to the cases in
 * no folder. Plain links, so they work without JavaScript; the page follows them in place when it can.
 */
export function FolderNav({ projectId, query, folders }: { projectId: string; query: CaseQuery; folders: Array<{ folder: string; cases: number }> }) {
  const t = useT()
  const tree = folderTree(folders)
  const at = (changes: Partial<CaseQuery>) => casesHref(projectId, { ...query, folder: '', noFolder: false, page: 1, ...changes })
  const all = !query.folder && !query.noFolder

  const branch = (nodes: FolderNode[], depth: number) => (
    <ul className={plainList}>
      {nodes.map((node) => {
        const current = !query.noFolder && query.folder === node.path
        return (
          <li key={node.path}>
            <a href={at({ folder: node.path })} aria-current={current ? 'page' : undefined} className={link} style={{ paddingInlineStart: `${0.5 + depth * 0.875}rem` }} data-folder={node.path}>
              <span>{node.name}</span>
              <Count value={node.total} />
            </a>
            {node.children.length > 0 ? branch(node.children, depth + 1) : null}
          </li>
        )
      })}
    </ul>
  )

  return (
    <nav aria-labelledby="cases-folders" className={css({ minW: '0' })}>
      <h2 id="cases-folders" className={cx(sectionHeading, css({ mb: '2' }))}>
        {t('cases.folders')}
      </h2>
      <ul className={plainList}>
        <li>
          <a href={at({})} aria-current={all ? 'page' : undefined} className={link}>
            <span>{t('cases.allFolders')}</span>
            <Count value={tree.total} />
          </a>
        </li>
        <li>
          <a href={at({ noFolder: true })} aria-current={query.noFolder ? 'page' : undefined} className={link}>
            <span>{t('cases.noFolder')}</span>
            <Count value={tree.unfiled} />
          </a>
        </li>
      </ul>
      {tree.roots.length > 0 ? branch(tree.roots, 0) : null}
    </nav>
  )
}
