import { CONDITION_LABELS, type ListingCondition } from '@shared/domain'
import { LISTING_SORT_LABELS, type ListingSort } from '@shared/listing-filters'
import { ChevronDownIcon } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { DeferredControl, moduleLoader } from '@/components/deferred-control'
import { Label } from '@/components/ui/label'
import { selectTriggerClasses } from '@/components/ui/select-trigger-classes'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { FilterChip } from './filter-chip'

const ALL_CONDITIONS_LABEL = 'Todas as condições'

export type SubcategoryOption = { id: number; name: string; icon: string | null }

type SortSelectProps = {
  value: ListingSort
  onChange: (sort: ListingSort) => void
  className?: string
}

type ConditionSelectProps = {
  value: ListingCondition | null
  onChange: (condition: ListingCondition | null) => void
  className?: string
}

/** A picker's label, options (value → shown name, in order) and choice, the same for its stand-in and for Radix Select. */
export type PickerProps = {
  label: string
  value: string
  options: Record<string, string>
  onValueChange: (value: string) => void
  className?: string
}

/** Radix Select can't hold an empty value, so 'all conditions' has a name of its own. */
const ALL_CONDITIONS = 'todas'
const CONDITION_OPTIONS = { [ALL_CONDITIONS]: ALL_CONDITIONS_LABEL, ...CONDITION_LABELS }

const selects = moduleLoader(() => import('./filter-selects'))

/** A picker as a button with its look, until Radix Select comes (see DeferredControl). */
function DeferredSelect(props: PickerProps) {
  const id = useId()
  const { label, value, options, className } = props
  return (
    <DeferredControl
      loader={selects}
      standIn={(handlers) => (
        <div className={cn('grid gap-2', className)}>
          <Label htmlFor={id}>{label}</Label>
          <button
            id={id}
            type="button"
            role="combobox"
            aria-expanded={false}
            className={cn(selectTriggerClasses, 'w-full')}
            {...handlers}
          >
            <span data-slot="select-value">{options[value]}</span>
            <ChevronDownIcon className="size-4 opacity-50" aria-hidden="true" />
          </button>
        </div>
      )}
    >
      {(module, arrival) => <module.PickerSelect id={id} {...props} {...arrival} />}
    </DeferredControl>
  )
}

export function SortSelect({ value, onChange, className }: SortSelectProps) {
  return (
    <DeferredSelect
      label="Ordenar por"
      value={value}
      options={LISTING_SORT_LABELS}
      onValueChange={(next) => onChange(next as ListingSort)}
      className={className}
    />
  )
}

export function ConditionSelect({ value, onChange, className }: ConditionSelectProps) {
  return (
    <DeferredSelect
      label="Condição"
      value={value ?? ALL_CONDITIONS}
      options={CONDITION_OPTIONS}
      onValueChange={(next) => onChange(next === ALL_CONDITIONS ? null : (next as ListingCondition))}
      className={className}
    />
  )
}

/** A labelled group of filter chips (subcategories here; the condition in the filters panel). */
export function ChipGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 font-medium text-sm">{legend}</legend>
      <div className="flex flex-wrap gap-2">{children}</div>
    </fieldset>
  )
}

export function SubcategoryChips({
  subcategories,
  value,
  onChange,
  legend = 'Subcategoria',
}: {
  subcategories: SubcategoryOption[] | undefined
  value: number | null
  onChange: (subcategory: number | null) => void
  legend?: string
}) {
  if (!subcategories) {
    return (
      <div className="grid gap-2">
        <span className="font-medium text-sm">{legend}</span>
        <div className="flex flex-wrap gap-2">
          {[20, 28, 24, 32].map((width) => (
            <Skeleton key={width} className="h-9 rounded-full" style={{ width: `${width * 4}px` }} />
          ))}
        </div>
      </div>
    )
  }
  return (
    <ChipGroup legend={legend}>
      <FilterChip pressed={value === null} onClick={() => onChange(null)}>
        Todas
      </FilterChip>
      {subcategories.map((sub) => (
        <FilterChip
          key={sub.id}
          pressed={value === sub.id}
          onClick={() => onChange(value === sub.id ? null : sub.id)}
        >
          {sub.icon ? <span aria-hidden="true">{sub.icon}</span> : null}
          {sub.name}
        </FilterChip>
      ))}
    </ChipGroup>
  )
}
