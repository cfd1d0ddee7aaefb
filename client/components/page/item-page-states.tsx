import type { ComponentProps } from 'react'
import { LoadingStatus } from '@/components/loading-status'
import { PageQueryStates } from '@/components/page-query-states'
import { PageUnavailable } from '@/components/page-states'
import { SkeletonStack } from '@/components/skeleton-stack'

type ItemPageStatesProps<T> = Omit<
  ComponentProps<typeof PageQueryStates<T>>,
  'unavailable' | 'errorTitle' | 'failedTitle'
> & {
  /** The item, as the failure names it: "a entrega", "o perfil". */
  what: string
  /** The page in place of a missing or off-limits item. */
  unavailable: ComponentProps<typeof PageUnavailable>
  /** The toast's title when the load fails; by default "Erro ao carregar {what}". */
  errorTitle?: string
}

/** The states of a page about one item (PageQueryStates), with the failure worded from the item's name. */
export function ItemPageStates<T>({ what, unavailable, errorTitle, ...states }: ItemPageStatesProps<T>) {
  return (
    <PageQueryStates
      {...states}
      unavailable={<PageUnavailable {...unavailable} />}
      errorTitle={errorTitle ?? `Erro ao carregar ${what}`}
      failedTitle={`Não foi possível carregar ${what}`}
    />
  )
}

/** The placeholders of a narrow page while its item loads, announced once to screen readers. */
export function NarrowPageSkeleton({ label, shapes }: { label: string; shapes: string[] }) {
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-8">
      <LoadingStatus>{label}</LoadingStatus>
      <SkeletonStack className="grid gap-3" shapes={shapes} />
    </div>
  )
}
