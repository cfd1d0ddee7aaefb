import { CONDITION_LABELS, LISTING_CONDITIONS, type ListingCondition } from '@shared/domain'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import { FilterChip } from './filter-chip'
import { ChipGroup, SortSelect, SubcategoryChips, type SubcategoryOption } from './listing-filters'
import { ListingSearchForm } from './listing-search-form'
import type { ListingUrlFilters } from './listing-search-params'
import { PriceRangeFilter } from './price-range-filter'

// Its own module: the price slider (Radix Slider) and the condition chips come with it, and the portal,
// which shows no panel but uses the selects and subcategory chips beside it, stays without that code on
// its first download.

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
