import type { ReactNode } from 'react'

type LabelledSectionProps = {
  /** The heading's id: the section is named by its heading, so screen readers list it by that title. */
  id: string
  title: ReactNode
  className?: string
  headingClassName?: string
  children: ReactNode
}

/** A page section under an h2 that names it (aria-labelledby), so the id is written once. */
export function LabelledSection({ id, title, className, headingClassName, children }: LabelledSectionProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A section of a page made of a few lists ('Próximas', 'Passadas'): an h2 over its list. */
export function ListSection(props: Omit<LabelledSectionProps, 'className' | 'headingClassName'>) {
  return <LabelledSection {...props} className="grid gap-4" headingClassName="font-semibold text-xl" />
}
