import { ROLE_LABELS, ROLES, type Role } from '@shared/domain'

/**
 * The roles to send to `admin.users.setRoles`, which replaces them all: always 'user' (everyone is
 * one), no repeats, in the order of ROLES so two selections compare equal.
 */
export function rolesToSave(selected: Iterable<Role>): Role[] {
  const chosen = new Set<Role>(selected)
  chosen.add('user')
  return ROLES.filter((role) => chosen.has(role))
}

/** Whether saving would change anything. */
export function sameRoles(a: Iterable<Role>, b: Iterable<Role>): boolean {
  return rolesToSave(a).join() === rolesToSave(b).join()
}

/** The selection after a checkbox changes; 'user' cannot be taken away. */
export function toggleRole(current: Iterable<Role>, role: Role, checked: boolean): Role[] {
  const next = new Set<Role>(current)
  if (checked) next.add(role)
  else if (role !== 'user') next.delete(role)
  return rolesToSave(next)
}

/** The roles beyond 'user', for a row's badges: 'Administrador', 'Moderador'. */
export function extraRoleLabels(roles: Iterable<Role>): string[] {
  return rolesToSave(roles)
    .filter((role) => role !== 'user')
    .reverse()
    .map((role) => ROLE_LABELS[role])
}
