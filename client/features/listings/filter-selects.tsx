import type { ListingCondition } from '@shared/domain'
import { CONDITION_LABELS, LISTING_CONDITIONS } from '@shared/domain'
import { LISTING_SORT_LABELS, LISTING_SORTS, type ListingSort } from '@shared/listing-filters'
import type { Arrival } from '@/components/deferred-control'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { cn } from '@/lib/utils'
import { ALL_CONDITIONS_LABEL, type ConditionSelectProps, type SortSelectProps } from './listing-filters'

/** The sort and condition pickers with Radix Select (listing-filters.tsx stands in until this loads). */
export function SortSelect({
  value,
  onChange,
  className,
  id,
  autoFocus,
  defaultOpen,
}: SortSelectProps & Arrival & { id: string }) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>Ordenar por</Label>
      <Select value={value} onValueChange={(next) => onChange(next as ListingSort)} defaultOpen={defaultOpen}>
        <SelectTrigger id={id} autoFocus={autoFocus} className="w-full">
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
  id,
  autoFocus,
  defaultOpen,
}: ConditionSelectProps & Arrival & { id: string }) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>Condição</Label>
      <Select
        value={value ?? ALL_CONDITIONS}
        onValueChange={(next) => onChange(next === ALL_CONDITIONS ? null : (next as ListingCondition))}
        defaultOpen={defaultOpen}
      >
        <SelectTrigger id={id} autoFocus={autoFocus} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL_CONDITIONS}>{ALL_CONDITIONS_LABEL}</SelectItem>
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
