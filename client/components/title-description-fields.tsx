import { type FieldPath, type UseFormReturn, useWatch } from 'react-hook-form'
import { CharacterCount } from '@/components/character-count'
import { InputField, TextareaField } from '@/components/text-fields'
import { boundField } from '@/lib/bound-field'

type Titled = { title: string; description: string }

/**
 * The title and the description of what a member publishes (a listing, an event), the description
 * with its character count. Ids are `${idPrefix}-title` and `${idPrefix}-description`.
 */
export function TitleDescriptionFields<Values extends Titled, Output>({
  form,
  idPrefix,
  descriptionMax,
  titlePlaceholder,
  descriptionPlaceholder,
}: {
  form: UseFormReturn<Values, unknown, Output>
  idPrefix: string
  descriptionMax: number
  titlePlaceholder: string
  descriptionPlaceholder: string
}) {
  const title = 'title' as FieldPath<Values>
  const description = 'description' as FieldPath<Values>
  const text: unknown = useWatch({ control: form.control, name: description })
  return (
    <>
      <InputField
        label="Título"
        required
        autoComplete="off"
        placeholder={titlePlaceholder}
        {...boundField(form, title, `${idPrefix}-title`)}
      />

      <TextareaField
        label="Descrição"
        hint={<CharacterCount length={typeof text === 'string' ? text.length : 0} max={descriptionMax} />}
        required
        rows={6}
        size="tall"
        placeholder={descriptionPlaceholder}
        {...boundField(form, description, `${idPrefix}-description`)}
      />
    </>
  )
}
