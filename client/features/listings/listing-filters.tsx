import { CONDITION_LABELS, LISTING_CONDITIONS, type ListingCondition } from '@shared/domain'
import { LISTING_SORT_LABELS, LISTING_SORTS, type ListingSort } from '@shared/schemas/listing'
import { type ReactNode, useId } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { FilterChip } from './filter-chip'
import { ListingSearchForm } from './listing-search-form'
import type { ListingUrlFilters } from './listing-search-params'
import { PriceRangeFilter } from './price-range-filter'

export type SubcategoryOption = { id: number; name: string; icon: string | null }

export function SortSelect({
  value,
  onChange,
  className,
}: {
  value: ListingSort
  onChange: (sort: ListingSort) => void
  className?: string
}) {
  const id = useId()
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>Ordenar por</Label>
      <Select value={value} onValueChange={(next) => onChange(next as ListingSort)}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {LISTING_SORTS.map((sort) => (
            <SelectItem key={sort} value={sort}>
              {LISTING_SORT_LABELS[sort]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}

/** Radix Select can't hold an empty value, so 'all conditions' has a name of its own. */
const ALL_CONDITIONS = 'todas'

/** The condition as a compact select, for filter bars. */
export function ConditionSelect({
  value,
  onChange,
  className,
}: {
  value: ListingCondition | null
  onChange: (condition: ListingCondition | null) => void
  className?: string
}) {
  const id = useId()
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>Condição</Label>
      <Select
        value={value ?? ALL_CONDITIONS}
        onValueChange={(next) => onChange(next === ALL_CONDITIONS ? null : (next as ListingCondition))}
      >
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL_CONDITIONS}>Todas as condições</SelectItem>
          {LISTING_CONDITIONS.map((condition) => (
            <SelectItem key={condition} value={condition}>
              {CONDITION_LABELS[condition]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
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

type ListingFiltersPanelProps = {
  filters: ListingUrlFilters
  onChange: (patch: Partial<ListingUrlFilters>) => void
  onClear: () => void
  /** The main category's subcategories; undefined while they load. */
  subcategories: SubcategoryOption[] | undefined
  /** Only desapegos are sold in a condition. */
  showCondition: boolean
  className?: string
}

/** The listings pages' filters: the desktop sidebar and the mobile sheet render the same panel. */
export function ListingFiltersPanel({
  filters,
  onChange,
  onClear,
  subcategories,
  showCondition,
  className,
}: ListingFiltersPanelProps) {
  return (
    <div className={cn('grid gap-6', className)}>
      <ListingSearchForm
        value={filters.q}
        onSearch={(q) => onChange({ q })}
        label="Buscar nesta categoria"
        placeholder="Buscar..."
      />
      <SortSelect value={filters.sort} onChange={(sort) => onChange({ sort })} />
      <SubcategoryChips
        subcategories={subcategories}
        value={filters.subcategory}
        onChange={(subcategory) => onChange({ subcategory })}
      />
      {showCondition ? (
        <ConditionChips value={filters.condition} onChange={(condition) => onChange({ condition })} />
      ) : null}
      <PriceRangeFilter min={filters.minPrice} max={filters.maxPrice} onCommit={(range) => onChange(range)} />
      <Button variant="outline" onClick={onClear}>
        Limpar filtros
      </Button>
    </div>
  )
}
