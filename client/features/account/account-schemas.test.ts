import { describe, expect, it } from 'vitest'
import {
  changePasswordFormSchema,
  emailChangeFormSchema,
  enrolmentCodeFormSchema,
  secondFactorFormSchema,
} from './account-schemas'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('changePasswordFormSchema', () => {
  const valid = {
    currentPassword: 'antiga-123',
    newPassword: 'nova-senha-1',
    confirmPassword: 'nova-senha-1',
  }

  it('accepts a confirmed new password', () => {
    expect(changePasswordFormSchema.safeParse(valid).success).toBe(true)
  })

  it('asks for the current password and a matching confirmation', () => {
    expect(firstMessage(changePasswordFormSchema.safeParse({ ...valid, currentPassword: '' }))).toBe(
      'Digite sua senha atual',
    )
    const mismatch = changePasswordFormSchema.safeParse({ ...valid, confirmPassword: 'outra' })
    expect(mismatch.error?.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: 'As senhas não conferem',
    })
  })

  it('refuses a short new password or the same one', () => {
    expect(
      firstMessage(
        changePasswordFormSchema.safeParse({ ...valid, newPassword: '123', confirmPassword: '123' }),
      ),
    ).toMatch(/no mínimo/)
    const same = changePasswordFormSchema.safeParse({
      ...valid,
      newPassword: 'antiga-123',
      confirmPassword: 'antiga-123',
    })
    expect(same.error?.issues[0]).toMatchObject({ path: ['newPassword'] })
  })
})

describe('emailChangeFormSchema', () => {
  const schema = emailChangeFormSchema('univille.br', 'ana@univille.br')

  it('accepts another address of the same domain, normalised', () => {
    expect(schema.parse({ newEmail: '  Ana.Souza@Univille.br ' })).toEqual({
      newEmail: 'ana.souza@univille.br',
    })
  })

  it('refuses another domain and the current address', () => {
    expect(firstMessage(schema.safeParse({ newEmail: 'ana@gmail.com' }))).toBe(
      'Use seu email institucional @univille.br',
    )
    expect(firstMessage(schema.safeParse({ newEmail: 'ANA@univille.br' }))).toBe('Este já é o seu e-mail.')
    expect(firstMessage(schema.safeParse({ newEmail: 'ana' }))).toBe('Email inválido')
  })
})

describe('two-factor code forms', () => {
  it('enrolment takes six digits, spaces allowed', () => {
    expect(enrolmentCodeFormSchema.parse({ code: '123 456' })).toEqual({ code: '123456' })
    expect(firstMessage(enrolmentCodeFormSchema.safeParse({ code: '12345' }))).toBe(
      'Digite o código de 6 dígitos',
    )
    expect(enrolmentCodeFormSchema.safeParse({ code: 'k3m9-x2qa-7hvd' }).success).toBe(false)
  })

  it('sign-in and disabling take a recovery code too', () => {
    expect(secondFactorFormSchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' })
    expect(secondFactorFormSchema.parse({ code: 'k3m9-x2qa-7hvd' })).toEqual({ code: 'k3m9-x2qa-7hvd' })
    expect(secondFactorFormSchema.safeParse({ code: '123' }).success).toBe(false)
  })
})
