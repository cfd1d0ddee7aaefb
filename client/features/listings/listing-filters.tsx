import { CONDITION_LABELS, LISTING_CONDITIONS, type ListingCondition } from '@shared/domain'
import { LISTING_SORT_LABELS, type ListingSort } from '@shared/listing-filters'
import { ChevronDownIcon } from 'lucide-react'
import { type ReactNode, useId, useRef, useState } from 'react'
import { Label } from '@/components/ui/label'
import { selectTriggerClasses } from '@/components/ui/select-trigger-classes'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { FilterChip } from './filter-chip'

export const ALL_CONDITIONS_LABEL = 'Todas as condições'

export type SubcategoryOption = { id: number; name: string; icon: string | null }

export type SortSelectProps = {
  value: ListingSort
  onChange: (sort: ListingSort) => void
  className?: string
}

export type ConditionSelectProps = {
  value: ListingCondition | null
  onChange: (condition: ListingCondition | null) => void
  className?: string
}

type Selects = typeof import('./filter-selects')

/** What the Radix pickers need from the stand-in they replace. */
export type ArrivalProps = {
  id: string
  /** The stand-in had focus: the real trigger takes it over. */
  autoFocus: boolean
  /** The stand-in was tapped or opened by keyboard before the code came. */
  defaultOpen: boolean
}

let loadedSelects: Selects | null = null
let loadingSelects: Promise<Selects> | null = null
function loadSelects(): Promise<Selects> {
  loadingSelects ??= import('./filter-selects').then((module) => {
    loadedSelects = module
    return module
  })
  return loadingSelects
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp'])

/**
 * A picker whose Radix Select code is fetched only when someone reaches for it (pointed at, focused or
 * tapped). Until then, and in the server's HTML, a button with its look shows the current choice. When
 * the code comes the real trigger takes the button's place, with its focus, and opens if the button had
 * been tapped or opened by keyboard meanwhile.
 */
function DeferredSelect({
  label,
  shown,
  className,
  render,
}: {
  label: string
  shown: string
  className?: string
  render: (selects: Selects, arrival: ArrivalProps) => ReactNode
}) {
  const id = useId()
  const [selects, setSelects] = useState<Selects | null>(loadedSelects)
  const standIn = useRef<HTMLButtonElement>(null)
  const arrival = useRef({ autoFocus: false, defaultOpen: false })
  if (selects) return render(selects, { id, ...arrival.current })
  const want = () =>
    void loadSelects().then((module) => {
      arrival.current.autoFocus = document.activeElement === standIn.current
      setSelects(module)
    })
  const open = () => {
    arrival.current.defaultOpen = true
    want()
  }
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <button
        ref={standIn}
        id={id}
        type="button"
        role="combobox"
        aria-expanded={false}
        className={cn(selectTriggerClasses, 'w-full')}
        onPointerEnter={want}
        onFocus={want}
        onClick={open}
        onKeyDown={(event) => {
          if (!OPENING_KEYS.has(event.key)) return
          event.preventDefault()
          open()
        }}
      >
        <span data-slot="select-value">{shown}</span>
        <ChevronDownIcon className="size-4 opacity-50" aria-hidden="true" />
      </button>
    </div>
  )
}

export function SortSelect(props: SortSelectProps) {
  return (
    <DeferredSelect
      label="Ordenar por"
      shown={LISTING_SORT_LABELS[props.value]}
      className={props.className}
      render={(selects, arrival) => <selects.SortSelect {...props} {...arrival} />}
    />
  )
}

export function ConditionSelect(props: ConditionSelectProps) {
  return (
    <DeferredSelect
      label="Condição"
      shown={props.value ? CONDITION_LABELS[props.value] : ALL_CONDITIONS_LABEL}
      className={props.className}
      render={(selects, arrival) => <selects.ConditionSelect {...props} {...arrival} />}
    />
  )
}

function ChipGroup({ legend, children }: { legend: string; children: ReactNode }) {
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

export function ConditionChips({
  value,
  onChange,
}: {
  value: ListingCondition | null
  onChange: (condition: ListingCondition | null) => void
}) {
  return (
    <ChipGroup legend="Condição">
      <FilterChip pressed={value === null} onClick={() => onChange(null)}>
        Todas
      </FilterChip>
      {LISTING_CONDITIONS.map((condition) => (
        <FilterChip
          key={condition}
          pressed={value === condition}
          onClick={() => onChange(value === condition ? null : condition)}
        >
          {CONDITION_LABELS[condition]}
        </FilterChip>
      ))}
    </ChipGroup>
  )
}
