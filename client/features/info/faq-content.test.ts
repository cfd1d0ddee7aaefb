import { describe, expect, it } from 'vitest'
import { faqGroups } from './faq-content'

const answer = (id: string) =>
  faqGroups.flatMap((group) => group.items).find((item) => item.id === id)?.answer ?? ''

describe('the FAQ says what the app does', () => {
  it('deleting an account: what is erased, what stays as "Conta removida", what the law keeps', () => {
    const text = answer('excluir-conta')
    expect(text).toMatch(/avaliações \(as que você fez e as que recebeu\) são apagad/)
    expect(text).toMatch(/ofertas em aberto são canceladas, com um aviso para a outra pessoa/)
    expect(text).toMatch(/lista de espera/)
    expect(text).toMatch(/"Conta removida"/)
    expect(text).toMatch(/registros de acesso .* seis meses/)
    expect(text).not.toMatch(/dados pessoais são apagados/)
  })

  it('an expired listing comes back with Renovar, not with the status Ativo', () => {
    const text = answer('editar-anuncio')
    expect(text).toMatch(/expirado .* volta com Renovar/)
    expect(text).toMatch(/egresso volta quando você confirma o e-mail institucional/)
  })
})
