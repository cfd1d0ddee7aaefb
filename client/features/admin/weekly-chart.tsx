import { formatDayMonth } from '@/lib/dates'
import { barPercent, type WeekPoint, weeklyScale, weeklyTotals } from './chart-scale'

const SERIES = [
  { key: 'signUps', label: 'Cadastros', className: 'bg-primary' },
  { key: 'listings', label: 'Novos anúncios', className: 'bg-amber-500' },
] as const

/**
 * Sign-ups and new listings per week as CSS bars (no chart library). The bars are decoration for
 * sighted users; screen readers get the same numbers from a visually hidden table.
 */
export function WeeklyChart({ weeks }: { weeks: readonly WeekPoint[] }) {
  const scale = weeklyScale(weeks)
  const totals = weeklyTotals(weeks)
  return (
    <figure className="grid gap-4">
      <figcaption className="grid gap-1">
        <span className="font-semibold">Cadastros e novos anúncios por semana</span>
        <span className="text-muted-foreground text-sm">
          Últimas {weeks.length} semanas: {totals.signUps} {totals.signUps === 1 ? 'cadastro' : 'cadastros'} e{' '}
          {totals.listings} {totals.listings === 1 ? 'novo anúncio' : 'novos anúncios'}.
        </span>
      </figcaption>

      <ul className="flex flex-wrap gap-4 text-sm" aria-hidden="true">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-2">
            <span className={`size-3 rounded-sm ${series.className}`} />
            {series.label}
          </li>
        ))}
      </ul>

      <div aria-hidden="true" className="grid grid-cols-[auto_minmax(0,1fr)] gap-2">
        <div className="flex h-40 flex-col justify-between text-right text-muted-foreground text-xs tabular-nums">
          <span>{scale}</span>
          <span>{scale / 2 === Math.round(scale / 2) ? scale / 2 : ''}</span>
          <span>0</span>
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-1">
          <div className="relative flex h-40 min-w-0 items-end gap-1 border-b border-l px-1 sm:gap-3">
            <div className="pointer-events-none absolute inset-x-0 top-0 border-t border-dashed" />
            <div className="pointer-events-none absolute inset-x-0 top-1/2 border-t border-dashed" />
            {weeks.map((week) => (
              <div
                key={String(week.weekStart)}
                className="flex h-full min-w-0 flex-1 items-end justify-center gap-0.5"
              >
                {SERIES.map((series) => (
                  <div
                    key={series.key}
                    title={`${series.label}: ${week[series.key]}`}
                    className={`w-full max-w-5 rounded-t-sm ${series.className} transition-[height]`}
                    style={{ height: `${barPercent(week[series.key], scale)}%` }}
                  />
                ))}
              </div>
            ))}
          </div>
          <div className="flex min-w-0 gap-1 px-1 sm:gap-3">
            {/* On a phone every other date is left out, so eight dates fit in 320 px (the table has them all). */}
            {weeks.map((week, index) => (
              <span
                key={String(week.weekStart)}
                className={`min-w-0 flex-1 overflow-hidden whitespace-nowrap text-center text-muted-foreground text-xs max-sm:text-[10px] ${index % 2 === 1 ? 'max-sm:invisible' : ''}`}
              >
                {formatDayMonth(week.weekStart)}
              </span>
            ))}
          </div>
        </div>
      </div>

      {/* The wrapper hides it: a table is never narrower than its cells, so `sr-only` on the table itself
          would still stretch the page sideways on a phone. */}
      <div className="sr-only">
        <table>
          <caption>Cadastros e novos anúncios por semana</caption>
          <thead>
            <tr>
              <th scope="col">Semana a partir de</th>
              {SERIES.map((series) => (
                <th key={series.key} scope="col">
                  {series.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={String(week.weekStart)}>
                <th scope="row">{formatDayMonth(week.weekStart)}</th>
                <td>{week.signUps}</td>
                <td>{week.listings}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
