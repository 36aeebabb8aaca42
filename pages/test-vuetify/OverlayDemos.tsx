import { useState, type FormEvent } from 'react'
import { css } from '../../styled-system/css'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { Drawer } from '../../components/ui/drawer.tsx'
import { Menu } from '../../components/ui/menu.tsx'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { RadioGroup } from '../../components/ui/radio-group.tsx'
import { TextField } from '../../components/ui/input.tsx'
import { StatusBadge } from '../../components/ui/badge.tsx'
import { toaster } from '../../components/ui/toast.tsx'
import { Demo, GallerySection } from './GallerySection.tsx'
import { CountrySelect } from './FormDemos.tsx'
import { CopyIcon, DownloadIcon, EditIcon, FilterIcon, MoreIcon, PlusIcon, TrashIcon } from './GalleryIcons.tsx'

function AddCatalogueDialog() {
  const t = useT()
  const [open, setOpen] = useState(false)
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const name = String(new FormData(event.currentTarget).get('name') ?? '')
    setOpen(false)
    toaster.success({ title: t('gallery.toastCatalogueAdded'), description: t('gallery.toastCatalogueAddedText', { name }) })
  }
  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Dialog.Trigger asChild>
        <Button>
          <PlusIcon />
          {t('gallery.addCatalogue')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content>
        <form onSubmit={submit} className={css({ display: 'contents' })}>
          <Dialog.Header>
            <Dialog.Title>{t('gallery.addCatalogueTitle')}</Dialog.Title>
            <Dialog.Description>{t('gallery.addCatalogueText')}</Dialog.Description>
          </Dialog.Header>
          <Dialog.Body>
            <TextField label={t('gallery.portalName')} name="name" required placeholder={t('gallery.portalNamePlaceholder')} />
            <TextField label={t('gallery.apiUrl')} name="url" type="url" required placeholder="https://" helperText={t('gallery.apiUrlHelp')} />
            <CountrySelect />
            <Checkbox.Root defaultChecked name="harvest">
              <Checkbox.Control />
              <Checkbox.Label>{t('gallery.harvestNow')}</Checkbox.Label>
              <Checkbox.HiddenInput />
            </Checkbox.Root>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <Button variant="ghost">{t('common.cancel')}</Button>
            </Dialog.CloseTrigger>
            <Button type="submit">{t('common.save')}</Button>
          </Dialog.Footer>
        </form>
        <Dialog.CloseButton />
      </Dialog.Content>
    </Dialog.Root>
  )
}

function ConfirmDeleteDialog() {
  const t = useT()
  return (
    <Dialog.Root size="sm" role="alertdialog">
      <Dialog.Trigger asChild>
        <Button variant="outline" tone="error">
          <TrashIcon />
          {t('gallery.deleteRun')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>{t('gallery.deleteRunTitle')}</Dialog.Title>
          <Dialog.Description>{t('gallery.deleteRunText')}</Dialog.Description>
        </Dialog.Header>
        <Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <Button variant="ghost">{t('common.cancel')}</Button>
          </Dialog.CloseTrigger>
          <Dialog.CloseTrigger asChild>
            <Button
              tone="error"
              onClick={() =>
                toaster.create({
                  type: 'info',
                  title: t('gallery.toastRunDeleted'),
                  action: { label: t('gallery.undo'), onClick: () => toaster.success({ title: t('gallery.toastRunRestored') }) },
                })
              }
            >
              {t('gallery.delete')}
            </Button>
          </Dialog.CloseTrigger>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}

const FORMATS = ['CSV', 'JSON', 'XML', 'GeoJSON', 'RDF'] as const

function FiltersDrawer() {
  const t = useT()
  return (
    <Drawer.Root placement="left">
      <Drawer.Trigger asChild>
        <Button variant="outline">
          <FilterIcon />
          {t('gallery.filters')}
        </Button>
      </Drawer.Trigger>
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title>{t('gallery.filters')}</Drawer.Title>
          <Drawer.Description>{t('gallery.filtersText')}</Drawer.Description>
        </Drawer.Header>
        <Drawer.Body>
          <Checkbox.Group defaultValue={['CSV', 'JSON']} name="formats" aria-labelledby="formats-label">
            <span id="formats-label" className={css({ fontSize: 'sm', fontWeight: '500' })}>
              {t('gallery.formats')}
            </span>
            {FORMATS.map((format) => (
              <Checkbox.Root key={format} value={format}>
                <Checkbox.Control />
                <Checkbox.Label>{format}</Checkbox.Label>
                <Checkbox.HiddenInput />
              </Checkbox.Root>
            ))}
          </Checkbox.Group>
          <RadioGroup.Root defaultValue="updated" name="sort">
            <RadioGroup.Label>{t('gallery.sortBy')}</RadioGroup.Label>
            {(
              [
                ['updated', t('gallery.sortUpdated')],
                ['name', t('gallery.sortName')],
                ['datasets', t('gallery.sortDatasets')],
              ] as const
            ).map(([value, label]) => (
              <RadioGroup.Item key={value} value={value}>
                <RadioGroup.ItemControl />
                <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
                <RadioGroup.ItemHiddenInput />
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        </Drawer.Body>
        <Drawer.Footer>
          <Drawer.CloseTrigger asChild>
            <Button variant="ghost">{t('gallery.reset')}</Button>
          </Drawer.CloseTrigger>
          <Drawer.CloseTrigger asChild>
            <Button>{t('gallery.apply')}</Button>
          </Drawer.CloseTrigger>
        </Drawer.Footer>
        <Drawer.CloseButton />
      </Drawer.Content>
    </Drawer.Root>
  )
}

const detailList = css({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: '4',
  rowGap: '2',
  fontSize: 'sm',
  '& dt': { color: 'text.muted' },
  '& dd': { m: '0' },
})

function DetailsDrawer() {
  const t = useT()
  const intl = useIntl()
  return (
    <Drawer.Root placement="right">
      <Drawer.Trigger asChild>
        <Button variant="subtle">{t('gallery.portalDetails')}</Button>
      </Drawer.Trigger>
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title>opendata.praha.eu</Drawer.Title>
          <Drawer.Description>{intl.formatDisplayName('CZ', { type: 'region' })}</Drawer.Description>
        </Drawer.Header>
        <Drawer.Body>
          <dl className={detailList}>
            <dt>{t('gallery.columnDatasets')}</dt>
            <dd>{intl.formatNumber(1287)}</dd>
            <dt>{t('gallery.columnLastHarvest')}</dt>
            <dd>{intl.formatDate(new Date('2025-05-12T06:00:00Z'), { dateStyle: 'long', timeZone: 'UTC' })}</dd>
            <dt>{t('gallery.columnStatus')}</dt>
            <dd>
              <StatusBadge status="passed" />
            </dd>
          </dl>
          <p className={css({ color: 'text.muted', fontSize: 'sm' })}>{t('gallery.portalDetailsText')}</p>
        </Drawer.Body>
        <Drawer.CloseButton />
      </Drawer.Content>
    </Drawer.Root>
  )
}

function ActionsMenu() {
  const t = useT()
  const choose = (label: string) => toaster.info({ title: t('gallery.toastMenuChoice', { action: label }) })
  return (
    <Menu.Root onSelect={(details) => choose(details.value)}>
      <Menu.Trigger asChild>
        <Button variant="outline">
          <MoreIcon />
          {t('gallery.actions')}
          <Menu.Indicator />
        </Button>
      </Menu.Trigger>
      <Menu.Content>
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel>opendata.praha.eu</Menu.ItemGroupLabel>
          <Menu.Item value={t('gallery.edit')}>
            <EditIcon />
            {t('gallery.edit')}
          </Menu.Item>
          <Menu.Item value={t('gallery.duplicate')}>
            <CopyIcon />
            {t('gallery.duplicate')}
          </Menu.Item>
          <Menu.Root onSelect={(details) => choose(details.value)}>
            <Menu.TriggerItem>
              <DownloadIcon />
              {t('gallery.export')}
            </Menu.TriggerItem>
            <Menu.Content>
              <Menu.Item value="CSV">CSV</Menu.Item>
              <Menu.Item value="JSON">JSON</Menu.Item>
              <Menu.Item value="DCAT-AP (RDF)">DCAT-AP (RDF)</Menu.Item>
            </Menu.Content>
          </Menu.Root>
        </Menu.ItemGroup>
        <Menu.Separator />
        <Menu.Item value={t('gallery.archive')} disabled>
          <TrashIcon />
          {t('gallery.archive')}
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  )
}

function ToastButtons() {
  const t = useT()
  return (
    <>
      <Button
        variant="subtle"
        data-testid="gallery-toast-trigger"
        onClick={() =>
          toaster.success({ title: t('gallery.toastCatalogueAdded'), description: t('gallery.toastCatalogueAddedText', { name: 'opendata.swiss' }) })
        }
      >
        {t('gallery.showSuccess')}
      </Button>
      <Button
        variant="subtle"
        tone="error"
        onClick={() => toaster.error({ title: t('gallery.toastHarvestFailed'), description: t('gallery.toastHarvestFailedText') })}
      >
        {t('gallery.showError')}
      </Button>
      <Button
        variant="subtle"
        tone="secondary"
        onClick={() => toaster.warning({ title: t('gallery.toastSlow'), description: t('gallery.toastSlowText', { seconds: 12 }) })}
      >
        {t('gallery.showWarning')}
      </Button>
      <Button
        variant="subtle"
        tone="secondary"
        onClick={() => toaster.info({ title: t('gallery.toastNewDatasets'), description: t('gallery.toastNewDatasetsText', { count: 3 }) })}
      >
        {t('gallery.showInfo')}
      </Button>
      <Button
        variant="outline"
        onClick={() =>
          toaster.promise(new Promise((resolve) => window.setTimeout(resolve, 2500)), {
            loading: { title: t('gallery.toastTesting'), description: t('gallery.toastTestingText') },
            success: { title: t('gallery.toastTestsPassed'), description: t('gallery.toastTestsPassedText', { count: 42 }) },
            error: { title: t('gallery.toastHarvestFailed') },
          })
        }
      >
        {t('gallery.showPromise')}
      </Button>
    </>
  )
}

export function OverlayDemos() {
  const t = useT()
  return (
    <GallerySection id="overlays" title={t('gallery.overlaysTitle')} lead={t('gallery.overlaysLead')}>
      <Demo title={t('gallery.dialogsTitle')}>
        <AddCatalogueDialog />
        <ConfirmDeleteDialog />
      </Demo>
      <Demo title={t('gallery.drawersTitle')}>
        <FiltersDrawer />
        <DetailsDrawer />
      </Demo>
      <Demo title={t('gallery.menuTitle')}>
        <ActionsMenu />
      </Demo>
      <Demo title={t('gallery.toastsTitle')}>
        <ToastButtons />
      </Demo>
    </GallerySection>
  )
}
