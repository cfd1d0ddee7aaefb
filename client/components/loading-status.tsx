import type { ReactNode } from 'react'

/** What a skeleton stands for, said once to screen readers while sighted users see the placeholders. */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <span className="sr-only" role="status">
      {children}
    </span>
  )
}
