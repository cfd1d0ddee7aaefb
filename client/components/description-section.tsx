import { LabelledSection } from '@/components/labelled-section'

/** An item's description under its heading, keeping the line breaks its author typed. */
export function DescriptionSection({
  id,
  title,
  text,
  className,
}: {
  id: string
  title: string
  text: string
  className: string
}) {
  return (
    <LabelledSection id={id} title={title} className={className} headingClassName="font-semibold text-lg">
      <p className="whitespace-pre-line break-words leading-relaxed">{text}</p>
    </LabelledSection>
  )
}
