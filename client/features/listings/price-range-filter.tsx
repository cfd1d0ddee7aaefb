import { PRICE_FILTER_MAX, PRICE_FILTER_STEP } from '@shared/listing-filters'
import { formatWholePrice, reaisToCents } from '@shared/money'
import { Slider } from 'radix-ui'
import { useId, useState } from 'react'

/** The slider moves in whole reais, like the URL's minPrice/maxPrice. */
const formatBound = (reais: number) => {
  const text = formatWholePrice(reaisToCents(reais))
  return reais >= PRICE_FILTER_MAX ? `${text}+` : text
}

type PriceRangeFilterProps = {
  min: number
  max: number
  onCommit: (range: { minPrice: number; maxPrice: number }) => void
}

/**
 * Two-thumb price slider (0–1000, step 10). It moves locally while dragged and reports on release,
 * so a drag is one URL change and one request instead of dozens.
 */
export function PriceRangeFilter({ min, max, onCommit }: PriceRangeFilterProps) {
  const labelId = useId()
  const [value, setValue] = useState<[number, number]>([min, max])
  // The URL can change under us ('Limpar filtros', back button): follow it.
  const [seen, setSeen] = useState(`${min}-${max}`)
  if (seen !== `${min}-${max}`) {
    setSeen(`${min}-${max}`)
    setValue([min, max])
  }
  const toRange = (next: number[]): [number, number] => [next[0] ?? 0, next[1] ?? PRICE_FILTER_MAX]

  return (
    <fieldset aria-labelledby={labelId} className="grid min-w-0 gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <span id={labelId} className="font-medium text-sm">
          Faixa de preço
        </span>
        <span className="text-muted-foreground text-sm tabular-nums" aria-hidden="true">
          {formatBound(value[0])} – {formatBound(value[1])}
        </span>
      </div>
      <Slider.Root
        min={0}
        max={PRICE_FILTER_MAX}
        step={PRICE_FILTER_STEP}
        minStepsBetweenThumbs={1}
        value={value}
        onValueChange={(next) => setValue(toRange(next))}
        onValueCommit={(next) => {
          const [minPrice, maxPrice] = toRange(next)
          onCommit({ minPrice, maxPrice })
        }}
        className="relative flex h-8 w-full touch-none select-none items-center px-1"
      >
        <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-muted">
          <Slider.Range className="absolute h-full bg-primary" />
        </Slider.Track>
        {(['Preço mínimo', 'Preço máximo'] as const).map((label, index) => (
          <Slider.Thumb
            key={label}
            aria-label={label}
            aria-valuetext={formatBound(value[index] ?? 0)}
            // The ::after widens the touch target beyond the visible 20px knob.
            className="relative block size-5 rounded-full border-2 border-primary bg-background shadow-sm outline-none transition-shadow after:absolute after:-inset-2.5 hover:ring-4 hover:ring-ring/30 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
        ))}
      </Slider.Root>
    </fieldset>
  )
}
