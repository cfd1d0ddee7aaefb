import { describe, expect, it } from 'vitest'
import type { ScamSignal } from '../../shared/safety'
import { scamSignals } from './scam'

const later = { firstFromSender: false }
const first = { firstFromSender: true }

function expectSignals(cases: [string, ScamSignal[]][], context = later) {
  for (const [message, signals] of cases) {
    expect(scamSignals(message, context), message).toEqual(signals)
  }
}

describe('scamSignals', () => {
  it.each<[string, typeof later, [string, ScamSignal[]][]]>([
    [
      'flags a Pix asked for before the meeting',
      later,
      [
        ['Faz um pix de 50 reais antes que eu reservo pra você', ['pix_before_meeting']],
        ['Me manda o PIX adiantado que eu envio amanhã', ['pix_before_meeting']],
        ['Para garantir, transfere o sinal no pix: chave 123', ['pix_before_meeting']],
        ['Só consigo segurar se você fizer o Pix hoje', ['pix_before_meeting']],
        ['manda o pix agora', ['pix_before_meeting']],
      ],
    ],
    [
      'leaves Pix paid on meeting alone',
      later,
      [
        ['Aceito pix na entrega, pode ser?', []],
        ['Pago no pix quando a gente se encontrar no bloco B', []],
        ['Pode ser pix ou dinheiro', []],
        ['Manda o pix na hora da retirada, com o livro em mãos', []],
        ['Vou reservar a sala de estudos para antes da prova', []],
      ],
    ],
    [
      'flags a verification code asked for',
      later,
      [
        ['Te mandei um código por SMS, me passa ele por favor', ['verification_code']],
        ['Qual o codigo de 6 digitos que chegou no seu WhatsApp?', ['verification_code']],
        ['Preciso do código de verificação pra confirmar a venda', ['verification_code']],
      ],
    ],
    [
      'leaves other codes alone',
      later,
      [
        ['O código da disciplina é INF-201', []],
        ['Meu código no GitHub está no portfólio', []],
        ['Chegou o livro que você pediu!', []],
      ],
    ],
    [
      'flags a link to an outside payment or shipping page',
      later,
      [
        ['Paga por aqui: https://pagamento-seguro.xyz/pedido/991', ['outside_payment_link']],
        ['Calcule o frete no link https://bit.ly/3abc', ['outside_payment_link']],
        ['Segue o link de pagamento: www.minhaloja.shop/checkout', ['outside_payment_link']],
        ['Rastreie pelo site correios-entrega.com/rastreio?id=1', ['outside_payment_link']],
      ],
    ],
    [
      'leaves other links alone',
      later,
      [
        ['Meu portfólio: https://behance.net/ana', []],
        ['Veja as fotos em https://drive.google.com/x, faço entrega no campus', []],
        ['O livro é este: www.amazon.com.br/dp/123', []],
      ],
    ],
    [
      'does not take prices, dates or registration numbers for phone numbers',
      first,
      [
        ['Vendo por R$ 1.250,00, aceito 1200', []],
        ['Minha matrícula é 202312345', []],
        ['Pode ser dia 12/03/2025 às 14h30?', []],
        ['ISBN 978-85-359-0277-5', []],
        ['Oi, ainda está disponível?', []],
      ],
    ],
  ])('%s', (_title, context, cases) => {
    expectSignals(cases, context)
  })

  it('flags a phone number only on the first message', () => {
    expectSignals(
      [
        ['Oi! Me chama no zap (47) 99123-4567', ['phone_first_message']],
        ['Interessado, fala comigo: +55 47 991234567', ['phone_first_message']],
        ['Meu número 47991234567', ['phone_first_message']],
        ['liga 99123-4567', ['phone_first_message']],
        ['fixo: (47) 3422-1234', ['phone_first_message']],
      ],
      first,
    )
    expect(scamSignals('Me chama no zap (47) 99123-4567', later)).toEqual([])
  })

  it('reports several signals of one message in a stable order', () => {
    expect(
      scamSignals('Faz o pix antes e me passa o código do SMS. Frete: https://envio-rapido.site/p', first),
    ).toEqual(['pix_before_meeting', 'verification_code', 'outside_payment_link'])
  })
})
