import type { Arrival } from '@/components/deferred-control'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { cn } from '@/lib/utils'
import type { PickerProps } from './listing-filters'

/** A filter picker with Radix Select (listing-filters.tsx stands in until this loads). */
export function PickerSelect({
  id,
  label,
  value,
  options,
  onValueChange,
  className,
  autoFocus,
  defaultOpen,
}: PickerProps & Arrival & { id: string }) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen}>
        <SelectTrigger id={id} autoFocus={autoFocus} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {Object.entries(options).map(([option, shown]) => (
            <SelectItem key={option} value={option}>
              {shown}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
