import { cn } from '@/lib/utils'

/** "123/2000 caracteres" under a text field, in red once the text is over the limit. */
export function CharacterCount({ length, max }: { length: number; max: number }) {
  return (
    <span className={cn(length > max && 'font-medium text-destructive')}>
      {length}/{max}
      <span className="sr-only"> caracteres</span>
    </span>
  )
}
