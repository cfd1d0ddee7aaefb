import { ROLE_LABELS, ROLES, type Role } from '@shared/domain'
import { useId, useState } from 'react'
import { DialogForm } from '@/components/dialog-form'
import { TargetDialog } from '@/components/editor-dialog'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { saveThenClose } from '@/lib/save-then-close'
import { trpc } from '@/lib/trpc'
import { rolesToSave, sameRoles, toggleRole } from './roles'

export type RolesTarget = { id: number; fullName: string; roles: Role[] }

const ROLE_HINTS: Record<Role, string> = {
  user: 'Todos os membros são usuários.',
  moderator: 'Modera anúncios e eventos.',
  admin: 'Acesso total: usuários, permissões, banners e subcategorias.',
}

/** Roles by checkboxes; saving replaces them all (the server keeps 'user'). */
export function UserRolesDialog({
  user,
  isSelf,
  onOpenChange,
}: {
  /** The person being edited; null closes the dialog. */
  user: RolesTarget | null
  isSelf: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <TargetDialog target={user} onOpenChange={onOpenChange} keyOf={(target) => target.id}>
      {(target, onDone) => <RolesForm user={target} isSelf={isSelf} onDone={onDone} />}
    </TargetDialog>
  )
}

function RolesForm({ user, isSelf, onDone }: { user: RolesTarget; isSelf: boolean; onDone: () => void }) {
  const baseId = useId()
  const utils = trpc.useUtils()
  const [selected, setSelected] = useState<Role[]>(() => rolesToSave(user.roles))
  const setRoles = trpc.admin.users.setRoles.useMutation()
  const unchanged = sameRoles(selected, user.roles)

  return (
    <DialogForm
      title={`Permissões de ${user.fullName}`}
      description={`Salvar substitui todas as permissões da pessoa.${isSelf ? ' Você precisará entrar novamente depois de alterar as suas.' : ''}`}
      onSubmit={(event) => {
        event.preventDefault()
        if (unchanged) return
        void saveThenClose(() => setRoles.mutateAsync({ userId: user.id, roles: rolesToSave(selected) }), {
          saved: 'Permissões atualizadas com sucesso!',
          failed: 'Erro ao atualizar permissões',
          onDone,
          refresh: () => utils.admin.users.list.invalidate(),
        })
      }}
      submitLabel="Salvar permissões"
      busy={setRoles.isPending}
      busyLabel="Salvando..."
      submitDisabled={unchanged}
    >
      <fieldset className="grid gap-3">
        <legend className="sr-only">Permissões</legend>
        {ROLES.map((role) => {
          const id = `${baseId}-${role}`
          // Everyone is a user: that box stays checked and cannot be changed.
          const fixed = role === 'user'
          return (
            <div key={role} className="flex items-start gap-3 rounded-md border p-3">
              <Checkbox
                id={id}
                checked={selected.includes(role)}
                disabled={fixed || setRoles.isPending}
                aria-describedby={`${id}-hint`}
                onCheckedChange={(checked) =>
                  setSelected((current) => toggleRole(current, role, checked === true))
                }
              />
              <div className="grid gap-1">
                <Label htmlFor={id}>{ROLE_LABELS[role]}</Label>
                <p id={`${id}-hint`} className="text-muted-foreground text-sm">
                  {ROLE_HINTS[role]}
                </p>
              </div>
            </div>
          )
        })}
      </fieldset>
    </DialogForm>
  )
}
