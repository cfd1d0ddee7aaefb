import { describe, expect, it } from 'vitest'
import { extraRoleLabels, rolesToSave, sameRoles, toggleRole } from './roles'

describe('rolesToSave', () => {
  it('always keeps user, in a stable order and without repeats', () => {
    expect(rolesToSave([])).toEqual(['user'])
    expect(rolesToSave(['admin', 'moderator', 'admin'])).toEqual(['user', 'moderator', 'admin'])
  })
})

describe('sameRoles', () => {
  it('ignores order, repeats and the implicit user role', () => {
    expect(sameRoles(['admin', 'user'], ['admin'])).toBe(true)
    expect(sameRoles(['moderator'], ['admin'])).toBe(false)
  })
})

describe('toggleRole', () => {
  it('adds and removes roles', () => {
    expect(toggleRole(['user'], 'moderator', true)).toEqual(['user', 'moderator'])
    expect(toggleRole(['user', 'moderator', 'admin'], 'admin', false)).toEqual(['user', 'moderator'])
  })

  it('never takes the user role away', () => {
    expect(toggleRole(['user', 'admin'], 'user', false)).toEqual(['user', 'admin'])
  })
})

describe('extraRoleLabels', () => {
  it('lists the roles beyond user, the highest first', () => {
    expect(extraRoleLabels(['user', 'moderator', 'admin'])).toEqual(['Administrador', 'Moderador'])
    expect(extraRoleLabels(['user'])).toEqual([])
  })
})
