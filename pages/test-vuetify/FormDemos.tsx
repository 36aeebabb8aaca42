import { useMemo, useState } from 'react'
import { css } from '../../styled-system/css'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { Field } from '../../components/ui/field.tsx'
import { Input, TextField, Textarea } from '../../components/ui/input.tsx'
import { Select, createListCollection } from '../../components/ui/select.tsx'
import { Combobox, useFilter, useListCollection } from '../../components/ui/combobox.tsx'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { RadioGroup } from '../../components/ui/radio-group.tsx'
import { Switch } from '../../components/ui/switch.tsx'
import { DatePicker, parseDate } from '../../components/ui/date-picker.tsx'
import { Demo, GallerySection, layouts } from './GallerySection.tsx'

/** ISO codes of the countries whose CKAN catalogues the demos mention; named by Intl in the active language. */
export const COUNTRY_CODES = ['AT', 'AU', 'BR', 'CA', 'CH', 'CZ', 'DE', 'FI', 'FR', 'GB', 'IE', 'PL', 'RO', 'SK', 'US'] as const

export function useCountries() {
  const intl = useIntl()
  return useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: intl.formatDisplayName(code, { type: 'region' }) ?? code })).sort(
        (a, b) => a.label.localeCompare(b.label, intl.locale),
      ),
    [intl],
  )
}

/** A select of the countries, for the forms of the gallery. */
export function CountrySelect({ name = 'country' }: { name?: string }) {
  const t = useT()
  const countries = useCountries()
  const collection = useMemo(() => createListCollection({ items: countries }), [countries])
  return (
    <Select.Root collection={collection} name={name}>
      <Select.Label>{t('gallery.country')}</Select.Label>
      <Select.Control>
        <Select.Trigger>
          <Select.ValueText placeholder={t('gallery.chooseCountry')} />
          <Select.Indicator />
        </Select.Trigger>
      </Select.Control>
      <Select.Content>
        {collection.items.map((item) => (
          <Select.Item key={item.value} item={item}>
            <Select.ItemText>{item.label}</Select.ItemText>
            <Select.ItemIndicator />
          </Select.Item>
        ))}
      </Select.Content>
      <Select.HiddenSelect />
    </Select.Root>
  )
}

function FrequencySelect() {
  const t = useT()
  const collection = useMemo(
    () =>
      createListCollection({
        items: [
          { value: 'hourly', label: t('gallery.frequencyHourly'), group: 'frequent' },
          { value: 'daily', label: t('gallery.frequencyDaily'), group: 'frequent' },
          { value: 'weekly', label: t('gallery.frequencyWeekly'), group: 'rare' },
          { value: 'monthly', label: t('gallery.frequencyMonthly'), group: 'rare' },
          { value: 'manual', label: t('gallery.frequencyManual'), group: 'rare', disabled: true },
        ],
      }),
    [t],
  )
  const groups = [
    { id: 'frequent', label: t('gallery.frequencyGroupFrequent') },
    { id: 'rare', label: t('gallery.frequencyGroupRare') },
  ]
  return (
    <Select.Root collection={collection} defaultValue={['daily']}>
      <Select.Label>{t('gallery.harvestFrequency')}</Select.Label>
      <Select.Control>
        <Select.Trigger>
          <Select.ValueText placeholder={t('gallery.chooseFrequency')} />
          <Select.Indicator />
        </Select.Trigger>
      </Select.Control>
      <Select.Content>
        {groups.map((group) => (
          <Select.ItemGroup key={group.id}>
            <Select.ItemGroupLabel>{group.label}</Select.ItemGroupLabel>
            {collection.items
              .filter((item) => item.group === group.id)
              .map((item) => (
                <Select.Item key={item.value} item={item}>
                  <Select.ItemText>{item.label}</Select.ItemText>
                  <Select.ItemIndicator />
                </Select.Item>
              ))}
          </Select.ItemGroup>
        ))}
      </Select.Content>
      <Select.HiddenSelect />
    </Select.Root>
  )
}

function CountryCombobox() {
  const t = useT()
  const { locale } = useIntl()
  const countries = useCountries()
  const { contains } = useFilter({ sensitivity: 'base', locale })
  const { collection, filter } = useListCollection({ initialItems: countries, filter: contains })
  return (
    <Combobox.Root collection={collection} onInputValueChange={(details) => filter(details.inputValue)} openOnClick>
      <Combobox.Label>{t('gallery.portalCountry')}</Combobox.Label>
      <Combobox.Control>
        <Combobox.Input placeholder={t('gallery.typeToSearch')} />
        <Combobox.ClearTrigger aria-label={t('gallery.clearSelection')} />
        <Combobox.Trigger aria-label={t('gallery.showOptions')} />
      </Combobox.Control>
      <Combobox.Content>
        <Combobox.Empty>{t('gallery.noMatches')}</Combobox.Empty>
        {collection.items.map((item) => (
          <Combobox.Item key={item.value} item={item}>
            <Combobox.ItemText>{item.label}</Combobox.ItemText>
            <Combobox.ItemIndicator />
          </Combobox.Item>
        ))}
      </Combobox.Content>
    </Combobox.Root>
  )
}

const CHECKS = ['links', 'licences', 'metadata', 'formats'] as const

function ChecksGroup() {
  const t = useT()
  const [selected, setSelected] = useState<string[]>(['links', 'licences'])
  const names = {
    links: t('gallery.checkBrokenLinks'),
    licences: t('gallery.checkLicences'),
    metadata: t('gallery.checkStaleMetadata'),
    formats: t('gallery.checkFormats'),
  }
  const all = selected.length === CHECKS.length
  const some = selected.length > 0 && !all
  return (
    <div role="group" aria-labelledby="checks-label" className={css({ display: 'flex', flexDirection: 'column' })}>
      <span id="checks-label" className={css({ fontSize: 'sm', fontWeight: '500', mb: '1' })}>
        {t('gallery.checksToRun')}
      </span>
      <Checkbox.Root
        checked={all ? true : some ? 'indeterminate' : false}
        onCheckedChange={(details) => setSelected(details.checked === true ? [...CHECKS] : [])}
      >
        <Checkbox.Control />
        <Checkbox.Label>{t('gallery.selectAll')}</Checkbox.Label>
        <Checkbox.HiddenInput />
      </Checkbox.Root>
      <Checkbox.Group value={selected} onValueChange={setSelected} name="checks" className={css({ ps: '8' })}>
        {CHECKS.map((check) => (
          <Checkbox.Root key={check} value={check}>
            <Checkbox.Control />
            <Checkbox.Label>{names[check]}</Checkbox.Label>
            <Checkbox.HiddenInput />
          </Checkbox.Root>
        ))}
      </Checkbox.Group>
      <Checkbox.Root disabled defaultChecked>
        <Checkbox.Control />
        <Checkbox.Label>{t('gallery.checkSchema')}</Checkbox.Label>
        <Checkbox.HiddenInput />
      </Checkbox.Root>
    </div>
  )
}

function ScopeRadios() {
  const t = useT()
  return (
    <RadioGroup.Root defaultValue="changed" name="scope">
      <RadioGroup.Label>{t('gallery.testScope')}</RadioGroup.Label>
      {(
        [
          ['all', t('gallery.scopeAll')],
          ['changed', t('gallery.scopeChanged')],
          ['sample', t('gallery.scopeSample', { count: 100 })],
          ['none', t('gallery.scopeNone')],
        ] as const
      ).map(([value, label]) => (
        <RadioGroup.Item key={value} value={value} disabled={value === 'none'}>
          <RadioGroup.ItemControl />
          <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
          <RadioGroup.ItemHiddenInput />
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  )
}

function Switches() {
  const t = useT()
  return (
    <div className={css({ display: 'flex', flexDirection: 'column' })}>
      <Switch.Root defaultChecked>
        <Switch.Control />
        <Switch.Label>{t('gallery.publicCatalogue')}</Switch.Label>
        <Switch.HiddenInput />
      </Switch.Root>
      <Switch.Root>
        <Switch.Control />
        <Switch.Label>{t('gallery.emailNotifications')}</Switch.Label>
        <Switch.HiddenInput />
      </Switch.Root>
      <Switch.Root disabled>
        <Switch.Control />
        <Switch.Label>{t('gallery.autoRepair')}</Switch.Label>
        <Switch.HiddenInput />
      </Switch.Root>
    </div>
  )
}

export function FormDemos() {
  const t = useT()
  const [email, setEmail] = useState('ops@example')
  const emailInvalid = !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)
  return (
    <GallerySection id="forms" title={t('gallery.formsTitle')} lead={t('gallery.formsLead')}>
      <Demo title={t('gallery.textFields')} layout={layouts.grid}>
        <TextField label={t('gallery.portalName')} placeholder={t('gallery.portalNamePlaceholder')} required name="portal" />
        <TextField
          label={t('gallery.apiUrl')}
          type="url"
          defaultValue="https://opendata.praha.eu/api/3"
          helperText={t('gallery.apiUrlHelp')}
        />
        <TextField
          label={t('gallery.contactEmail')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          invalid={emailInvalid}
          errorText={t('gallery.emailInvalid')}
          helperText={t('gallery.contactEmailHelp')}
        />
        <TextField label={t('gallery.portalId')} defaultValue="cz-praha" disabled />
        <Field.Root>
          <Field.Label>{t('gallery.notes')}</Field.Label>
          <Field.Textarea placeholder={t('gallery.notesPlaceholder')} />
          <Field.HelperText>{t('gallery.notesHelp')}</Field.HelperText>
        </Field.Root>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <Input type="search" aria-label={t('common.search')} placeholder={t('gallery.searchPlaceholder')} size="lg" />
          <Input type="search" aria-label={t('common.search')} placeholder={t('gallery.searchPlaceholder')} size="sm" />
          <Textarea aria-label={t('gallery.notes')} placeholder={t('gallery.notesPlaceholder')} rows={2} />
        </div>
      </Demo>
      <Demo title={t('gallery.selectionTitle')} layout={layouts.grid}>
        <FrequencySelect />
        <CountryCombobox />
        <ChecksGroup />
        <ScopeRadios />
        <Switches />
        <RadioGroup.Root defaultValue="table" orientation="horizontal" name="view">
          <RadioGroup.Label>{t('gallery.defaultView')}</RadioGroup.Label>
          {(
            [
              ['table', t('gallery.viewTable')],
              ['cards', t('gallery.viewCards')],
              ['map', t('gallery.viewMap')],
            ] as const
          ).map(([value, label]) => (
            <RadioGroup.Item key={value} value={value}>
              <RadioGroup.ItemControl />
              <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
              <RadioGroup.ItemHiddenInput />
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
      </Demo>
      <Demo title={t('gallery.datePickerTitle')} layout={layouts.grid}>
        <DatePicker.Root defaultValue={[parseDate('2025-03-14')]}>
          <DatePicker.Label>{t('gallery.harvestFrom')}</DatePicker.Label>
          <DatePicker.Control>
            <DatePicker.Input />
            <DatePicker.Trigger />
          </DatePicker.Control>
          <DatePicker.Calendar />
        </DatePicker.Root>
        <DatePicker.Root selectionMode="range" defaultValue={[parseDate('2025-04-01'), parseDate('2025-04-15')]}>
          <DatePicker.Label>{t('gallery.reportingPeriod')}</DatePicker.Label>
          <DatePicker.Control>
            <DatePicker.Input index={0} aria-label={t('gallery.periodStart')} />
            <DatePicker.Input index={1} aria-label={t('gallery.periodEnd')} />
            <DatePicker.ClearTrigger />
            <DatePicker.Trigger />
          </DatePicker.Control>
          <DatePicker.Calendar />
        </DatePicker.Root>
      </Demo>
    </GallerySection>
  )
}
