import { zodResolver } from '@hookform/resolvers/zod'
import { subcategoryInputSchema } from '@shared/schemas/admin'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { DialogForm } from '@/components/dialog-form'
import { EditorDialog, type EditorState, editedItem } from '@/components/editor-dialog'
import { iconLabel, SelectField } from '@/components/select-field'
import { InputField, TextareaField } from '@/components/text-fields'
import { boundField } from '@/lib/bound-field'
import { useFieldIds } from '@/lib/field-ids'
import { saveThenClose } from '@/lib/save-then-close'
import { toast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import type { MainCategoryOption, SubcategoryRow } from './subcategory-groups'

type SubcategoryFormInput = z.input<typeof subcategoryInputSchema>
type SubcategoryFormOutput = z.output<typeof subcategoryInputSchema>

export type SubcategoryDialogState = EditorState<SubcategoryRow, { mainCategoryId?: number }>

const REQUIRED = 'Preencha os campos obrigatórios'

export function SubcategoryFormDialog({
  state,
  mainCategories,
  onOpenChange,
}: {
  state: SubcategoryDialogState
  mainCategories: readonly MainCategoryOption[]
  onOpenChange: (open: boolean) => void
}) {
  return (
    <EditorDialog state={state} onOpenChange={onOpenChange}>
      {(opened, onDone) => <SubcategoryForm state={opened} mainCategories={mainCategories} onDone={onDone} />}
    </EditorDialog>
  )
}

function SubcategoryForm({
  state,
  mainCategories,
  onDone,
}: {
  state: NonNullable<SubcategoryDialogState>
  mainCategories: readonly MainCategoryOption[]
  onDone: () => void
}) {
  const ids = useFieldIds('name', 'main', 'description', 'icon')
  const editing = editedItem(state)
  const utils = trpc.useUtils()
  const form = useForm<SubcategoryFormInput, unknown, SubcategoryFormOutput>({
    resolver: zodResolver(subcategoryInputSchema),
    defaultValues: {
      name: editing?.name ?? '',
      // 0 is "none chosen": the schema answers 'Preencha os campos obrigatórios'.
      mainCategoryId: editing?.mainCategoryId ?? (state.mode === 'create' ? (state.mainCategoryId ?? 0) : 0),
      description: editing?.description ?? '',
      icon: editing?.icon ?? '',
    },
  })
  const create = trpc.admin.subcategories.create.useMutation()
  const update = trpc.admin.subcategories.update.useMutation()
  const saving = create.isPending || update.isPending

  const submit = form.handleSubmit(
    (values) =>
      saveThenClose(
        () => (editing ? update.mutateAsync({ ...values, id: editing.id }) : create.mutateAsync(values)),
        {
          saved: editing ? 'Subcategoria atualizada!' : 'Subcategoria criada!',
          failed: 'Erro ao salvar',
          onDone,
          // The catalogue (filters, the sell form) lists subcategories too.
          refresh: () =>
            Promise.all([
              utils.admin.subcategories.list.invalidate(),
              utils.listings.categories.invalidate(),
            ]),
        },
      ),
    (invalid) => {
      // A missing name or category is the spec's own toast; anything else is a validation message.
      const first = [invalid.name, invalid.mainCategoryId, invalid.description, invalid.icon].find(
        (error) => error?.message,
      )?.message
      if (first === REQUIRED) toast.error(REQUIRED)
      else if (first) toast.error('Erro de validação', { description: first })
    },
  )

  return (
    <DialogForm
      title={editing ? 'Editar subcategoria' : 'Nova subcategoria'}
      description="Subcategorias organizam os anúncios dentro de cada categoria principal."
      onSubmit={submit}
      submitLabel="Salvar subcategoria"
      busy={saving}
      busyLabel="Salvando..."
    >
      <InputField label="Nome" maxLength={60} required {...boundField(form, 'name', ids.name)} />

      <SelectField
        control={form.control}
        name="mainCategoryId"
        id={ids.main}
        label="Categoria principal"
        placeholder={mainCategories.length === 0 ? 'Carregando...' : 'Selecione'}
        options={mainCategories.map((main) => ({
          value: String(main.id),
          label: iconLabel(main.icon, main.name),
        }))}
        disabled={mainCategories.length === 0}
        required
        parse={Number}
      />

      <TextareaField
        label="Descrição"
        rows={2}
        maxLength={200}
        {...boundField(form, 'description', ids.description)}
      />

      <InputField
        label="Ícone (emoji)"
        hint="Opcional. Um emoji, como 🎨."
        fieldClassName="sm:max-w-48"
        maxLength={8}
        {...boundField(form, 'icon', ids.icon)}
      />
    </DialogForm>
  )
}
