// Every recipe of components/ui, registered in panda.config.ts. Config-time only: never imported by app code.
import { avatar } from './avatar.ts'
import { badge } from './badge.ts'
import { button } from './button.ts'
import { card } from './card.ts'
import { checkbox } from './checkbox.ts'
import { combobox } from './combobox.ts'
import { datePicker } from './date-picker.ts'
import { dialog } from './dialog.ts'
import { drawer } from './drawer.ts'
import { field } from './field.ts'
import { input } from './input.ts'
import { menu } from './menu.ts'
import { pagination } from './pagination.ts'
import { progress } from './progress.ts'
import { radioGroup } from './radio-group.ts'
import { select } from './select.ts'
import { skeleton } from './skeleton.ts'
import { switchRecipe } from './switch.ts'
import { table } from './table.ts'
import { tabs } from './tabs.ts'
import { toast } from './toast.ts'
import { tooltip } from './tooltip.ts'

export const recipes = { badge, button, input, skeleton }

export const slotRecipes = {
  avatar,
  card,
  checkbox,
  combobox,
  datePicker,
  dialog,
  drawer,
  field,
  menu,
  pagination,
  progress,
  radioGroup,
  select,
  switchRecipe,
  table,
  tabs,
  toast,
  tooltip,
}
