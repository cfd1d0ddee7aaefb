import { SearchIcon, XIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'

type ListingSearchFormProps = {
  /** The search in the URL. */
  value: string
  /** Called with the trimmed text on submit, or '' when cleared. */
  onSearch: (q: string) => void
  label?: string
  placeholder?: string
  className?: string
}

/** A search box that applies on submit (a request per keystroke would be wasted on phones). */
export function ListingSearchForm({
  value,
  onSearch,
  label = 'Buscar anúncios',
  placeholder = 'Buscar anúncios...',
  className,
}: ListingSearchFormProps) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(value)
  // Follow the URL when it changes elsewhere ('Limpar filtros', back button).
  const [seen, setSeen] = useState(value)
  if (seen !== value) {
    setSeen(value)
    setText(value)
  }

  // Text typed before the page responded is in the box but not in the state the box was hydrated with.
  useEffect(() => {
    const typed = inputRef.current?.value
    if (typed) setText(typed)
  }, [])

  function clear() {
    setText('')
    if (value) onSearch('')
    inputRef.current?.focus()
  }

  return (
    // <search> is the landmark; browsers that predate it render it inline, hence `block`.
    <search aria-label={label} className={cn('block', className)}>
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          // The box itself: a search sent with Enter before the page responded is sent again once it
          // does (pageBoot), before the state above has caught up with what was typed.
          const q = (inputRef.current?.value ?? text).trim()
          // Spec: a blank search is not submitted (the clear button removes a search).
          if (q) onSearch(q)
        }}
      >
        <div className="relative min-w-0 flex-1">
          <label htmlFor={id} className="sr-only">
            {label}
          </label>
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={inputRef}
            id={id}
            type="search"
            enterKeyHint="search"
            maxLength={100}
            autoComplete="off"
            placeholder={placeholder}
            value={text}
            onChange={(event) => setText(event.target.value)}
            // The native clear cross would bypass `clear()`; ours replaces it.
            className="pr-10 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
          />
          {text || value ? (
            <button
              type="button"
              onClick={clear}
              className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <XIcon aria-hidden="true" className="size-4" />
              <span className="sr-only">Limpar busca</span>
            </button>
          ) : null}
        </div>
        <Button type="submit">Buscar</Button>
      </form>
    </search>
  )
}
