import { zodResolver } from '@hookform/resolvers/zod'
import {
  INTEGRITY_ACTION_LABELS,
  INTEGRITY_ACTIONS,
  INTEGRITY_PHRASE_MAX,
  INTEGRITY_REASON_MAX,
  type IntegrityAction,
  integrityPhraseProblem,
  normalizeIntegrityPhrase,
} from '@shared/integrity'
import { routes } from '@shared/routes'
import { integrityRuleInputSchema } from '@shared/schemas/integrity'
import { useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link } from 'wouter'
import type { z } from 'zod'
import { DialogForm } from '@/components/dialog-form'
import {
  EditorDialog,
  type EditorDialogProps,
  type EditorState,
  editedItem,
} from '@/components/editor-dialog'
import { NativeSelect } from '@/components/native-select'
import { InputField, TextareaField } from '@/components/text-fields'
import { FormField, fieldAriaProps } from '@/components/ui/form-field'
import type { RouterOutputs } from '@/lib/api-types'
import { boundField } from '@/lib/bound-field'
import { useFieldIds } from '@/lib/field-ids'
import { toastFirstError } from '@/lib/form-errors'
import { saveThenClose } from '@/lib/save-then-close'
import { trpc } from '@/lib/trpc'
import { useDebouncedValue } from './use-debounced-value'

export type IntegrityRuleRow = RouterOutputs['admin']['integrity']['list'][number]
export type IntegrityRuleDialogState = EditorState<IntegrityRuleRow>

type RuleFormInput = z.input<typeof integrityRuleInputSchema>
type RuleFormOutput = z.output<typeof integrityRuleInputSchema>

/** 'Nova regra' or 'Editar regra': the phrase, what it does and why, with the live listings it would catch. */
export function IntegrityRuleDialog(props: EditorDialogProps<IntegrityRuleRow>) {
  return (
    <EditorDialog {...props} wide>
      {(opened, onDone) => <IntegrityRuleForm state={opened} onDone={onDone} />}
    </EditorDialog>
  )
}

function IntegrityRuleForm({
  state,
  onDone,
}: {
  state: NonNullable<IntegrityRuleDialogState>
  onDone: () => void
}) {
  const ids = useFieldIds('phrase', 'action', 'reason')
  const editing = editedItem(state)
  const utils = trpc.useUtils()
  const form = useForm<RuleFormInput, unknown, RuleFormOutput>({
    resolver: zodResolver(integrityRuleInputSchema),
    defaultValues: {
      phrase: editing?.phrase ?? '',
      action: editing?.action ?? 'refuse',
      reason: editing?.reason ?? '',
    },
  })
  const create = trpc.admin.integrity.create.useMutation()
  const update = trpc.admin.integrity.update.useMutation()
  const saving = create.isPending || update.isPending
  const actionError = form.formState.errors.action?.message

  const submit = form.handleSubmit(
    (values) =>
      saveThenClose(
        () => (editing ? update.mutateAsync({ ...values, id: editing.id }) : create.mutateAsync(values)),
        {
          saved: editing ? 'Regra atualizada!' : 'Regra criada!',
          failed: 'Erro ao salvar regra',
          onDone,
          refresh: () => utils.admin.integrity.list.invalidate(),
        },
      ),
    toastFirstError,
  )

  return (
    <DialogForm
      title={editing ? 'Editar regra' : 'Nova regra'}
      description="A regra vale para o título e a descrição de anúncios e pedidos do Procura-se, ao publicar e ao editar."
      onSubmit={submit}
      submitLabel="Salvar regra"
      busy={saving}
      busyLabel="Salvando..."
    >
      <InputField
        label="Frase"
        autoComplete="off"
        maxLength={INTEGRITY_PHRASE_MAX}
        disabled={saving}
        hint="Sem diferença de acentos, maiúsculas ou pontuação. Use palavra* para qualquer final (trabalho* pega trabalhos), uma|outra para qualquer das palavras e um * sozinho para até 3 palavras no meio (faço * tcc pega “faço o seu TCC”)."
        {...boundField(form, 'phrase', ids.phrase)}
      />
      <FormField label="O que a regra faz" htmlFor={ids.action} error={actionError}>
        <NativeSelect
          id={ids.action}
          disabled={saving}
          {...fieldAriaProps(ids.action, { error: actionError })}
          {...form.register('action')}
        >
          {INTEGRITY_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {INTEGRITY_ACTION_LABELS[action]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <TextareaField
        label="Motivo"
        rows={3}
        maxLength={INTEGRITY_REASON_MAX}
        disabled={saving}
        hint="Quem publica lê este motivo quando a regra recusa; a moderação o lê na fila de Denúncias."
        {...boundField(form, 'reason', ids.reason)}
      />
      <RulePreview control={form.control} />
    </DialogForm>
  )
}

/** The live listings the phrase being typed would catch, asked once the typing pauses. */
function RulePreview({
  control,
}: {
  control: ReturnType<typeof useForm<RuleFormInput, unknown, RuleFormOutput>>['control']
}) {
  const [phrase, action] = useWatch({ control, name: ['phrase', 'action'] })
  const normalized = normalizeIntegrityPhrase(useDebouncedValue(phrase ?? '', 400))
  const valid = normalized !== '' && integrityPhraseProblem(normalized) === null
  const preview = trpc.admin.integrity.preview.useQuery(
    { phrase: normalized },
    { enabled: valid, staleTime: 30_000 },
  )
  const headingId = useId()
  const verb = (action as IntegrityAction) === 'refuse' ? 'seria recusada' : 'iria para a moderação'
  return (
    <section
      aria-labelledby={headingId}
      aria-live="polite"
      className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm"
    >
      <h3 id={headingId} className="font-semibold">
        Prévia nos anúncios no ar
      </h3>
      {!valid ? (
        <p className="text-muted-foreground">Escreva uma frase válida para ver quais anúncios ela pegaria.</p>
      ) : preview.isPending ? (
        <p className="text-muted-foreground">Procurando anúncios...</p>
      ) : preview.isError ? (
        <p className="text-destructive">Não foi possível carregar a prévia.</p>
      ) : preview.data.total === 0 ? (
        <p>Nenhum anúncio no ar tem esta frase{preview.data.partial ? ' entre os mais recentes' : ''}.</p>
      ) : (
        <>
          <p>
            {preview.data.total === 1 ? '1 anúncio no ar tem' : `${preview.data.total} anúncios no ar têm`}{' '}
            esta frase
            {preview.data.partial ? ' entre os mais recentes' : ''}. Eles continuam no ar; uma nova publicação
            ou edição com a frase {verb}.
          </p>
          <ul className="grid gap-1">
            {preview.data.listings.map((listing) => (
              <li key={listing.id} className="break-words">
                <Link
                  href={routes.admin.listing(listing.id)}
                  className="font-medium text-primary hover:underline"
                >
                  {listing.title}
                </Link>{' '}
                <span className="text-muted-foreground">· {listing.seller.fullName}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
