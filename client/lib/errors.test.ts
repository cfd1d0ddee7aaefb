import { TRPCClientError } from '@trpc/client'
import { describe, expect, it } from 'vitest'
import {
  appCodeOf,
  DEFAULT_ERROR_TITLE,
  describeError,
  HttpError,
  httpStatusOf,
  OFFLINE_ERROR_DESCRIPTION,
} from './errors'

const TRPC_CODES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
} as const

/**
 * A failed call as the browser receives it: the JSON of the server's errorFormatter
 * (server/trpc/init.ts), turned into a TRPCClientError by the HTTP link.
 */
function serverError(
  status: keyof typeof TRPC_CODES,
  message: string,
  extra: { appCode?: string; firstMessage?: string; requestId?: string } = {},
) {
  return TRPCClientError.from({
    error: {
      code: -32600,
      message,
      data: {
        code: TRPC_CODES[status],
        httpStatus: status,
        path: 'listings.create',
        requestId: extra.requestId ?? 'b7e2c1d4',
        appCode: extra.appCode ?? null,
        validation: extra.firstMessage
          ? { firstMessage: extra.firstMessage, formErrors: [], fieldErrors: {} }
          : null,
      },
    },
  })
}

describe('describeError', () => {
  type Case = {
    name: string
    answer: Parameters<typeof serverError>
    fallback: string
    expected: { title: string; description: string }
  }
  const cases: Case[] = [
    {
      name: "gives a known code's catalogue text when the server's message is the code's title",
      answer: [401, 'Credenciais inválidas', { appCode: 'INVALID_CREDENTIALS' }],
      fallback: 'Erro ao fazer login',
      expected: { title: 'Credenciais inválidas', description: 'Email ou senha incorretos.' },
    },
    {
      name: "prefers the server's more precise message for a known code",
      answer: [400, 'Use seu email institucional @univille.br', { appCode: 'NOT_INSTITUTIONAL_EMAIL' }],
      fallback: 'Erro ao criar conta',
      expected: { title: 'Erro de validação', description: 'Use seu email institucional @univille.br' },
    },
    {
      name: "shows the first validation message of a refused input under 'Erro de validação'",
      answer: [
        400,
        'Título deve ter no mínimo 3 caracteres',
        { firstMessage: 'Título deve ter no mínimo 3 caracteres' },
      ],
      fallback: 'Erro ao criar anúncio',
      expected: { title: 'Erro de validação', description: 'Título deve ter no mínimo 3 caracteres' },
    },
    {
      name: 'reads a code the client does not know yet as a deliberate refusal',
      answer: [403, 'Só o autor pode editar este evento.', { appCode: 'NOT_EVENT_AUTHOR' }],
      fallback: 'Erro ao salvar evento',
      expected: { title: 'Erro ao salvar evento', description: 'Só o autor pode editar este evento.' },
    },
    {
      name: "answers a rate limit with 'Muitas tentativas' and the server's wait",
      answer: [429, 'Muitas mensagens seguidas. Aguarde um minuto.'],
      fallback: 'Erro ao enviar mensagem',
      expected: { title: 'Muitas tentativas', description: 'Muitas mensagens seguidas. Aguarde um minuto.' },
    },
    {
      name: 'never shows an empty text',
      answer: [404, '  '],
      fallback: 'Erro ao carregar',
      expected: { title: 'Erro ao carregar', description: 'Tente novamente.' },
    },
  ]
  for (const { name, answer, fallback, expected } of cases) {
    it(name, () => {
      expect(describeError(serverError(...answer), fallback)).toEqual(expected)
    })
  }

  it("puts a deliberate refusal's message under the caller's title, or makes it the title", () => {
    const error = serverError(409, 'Você é o último administrador: promova outra pessoa antes.')
    expect(describeError(error, 'Erro ao atualizar permissões')).toEqual({
      title: 'Erro ao atualizar permissões',
      description: 'Você é o último administrador: promova outra pessoa antes.',
    })
    expect(describeError(error)).toEqual({
      title: 'Você é o último administrador: promova outra pessoa antes.',
    })
  })

  it('gives a server failure its generic message and the request id to quote to support', () => {
    const error = serverError(500, 'Algo deu errado. Tente novamente em instantes.', {
      requestId: '3f9c2a71-5d0e-4b8a-9c11-2e7f6a0d4b93',
    })
    expect(describeError(error, 'Erro ao salvar')).toEqual({
      title: 'Erro ao salvar',
      description:
        'Algo deu errado. Tente novamente em instantes. Código: 3f9c2a71-5d0e-4b8a-9c11-2e7f6a0d4b93',
    })
    expect(describeError(error).title).toBe(DEFAULT_ERROR_TITLE)
  })

  it("says a form's own words for a server failure, keeping the request id, and only for a failure", () => {
    const failure = 'Tente novamente mais tarde.'
    const error = serverError(500, 'Algo deu errado. Tente novamente em instantes.', { requestId: 'a1b2c3' })
    expect(describeError(error, 'Erro ao criar conta', { failure })).toEqual({
      title: 'Erro ao criar conta',
      description: 'Tente novamente mais tarde. Código: a1b2c3',
    })
    const refused = serverError(409, 'Usuário já existe', { appCode: 'EMAIL_TAKEN' })
    expect(describeError(refused, 'Erro ao criar conta', { failure }).description).not.toBe(failure)
  })

  it('blames the connection when no answer was read', () => {
    const offline = TRPCClientError.from(new TypeError('Failed to fetch'))
    expect(describeError(offline, 'Erro ao carregar anúncios')).toEqual({
      title: 'Erro ao carregar anúncios',
      description: OFFLINE_ERROR_DESCRIPTION,
    })
    expect(describeError(new TypeError('Load failed')).description).toMatch(/^Sem conexão/)
    expect(describeError(undefined).description).toMatch(/^Sem conexão/)
  })
})

describe('httpStatusOf / appCodeOf', () => {
  it('reads the status and the code, or nothing', () => {
    const error = serverError(403, 'Confirme sua senha', { appCode: 'REAUTH_REQUIRED' })
    expect(httpStatusOf(error)).toBe(403)
    expect(appCodeOf(error)).toBe('REAUTH_REQUIRED')
    expect(appCodeOf(serverError(400, 'x'))).toBeNull()
    expect(httpStatusOf(new Error('boom'))).toBeUndefined()
    expect(appCodeOf(null)).toBeNull()
  })
})

describe('describeError over both shapes: a tRPC error and an Express route’s JSON', () => {
  /** A failed answer of an Express route as the upload reads it: its status and tRPC's error shape. */
  const expressError = (status: number, message: string, appCode: string | null, requestId = 'c4d5e6') =>
    new HttpError(status, {
      error: {
        message,
        code: status === 500 ? -32603 : -32600,
        data: { code: 'X', httpStatus: status, requestId, appCode, validation: null },
      },
    })

  it('reads the same refusal alike in either shape', () => {
    const overExpress = expressError(403, 'Sua conta está suspensa.', 'ACCOUNT_SUSPENDED')
    const overTrpc = serverError(403, 'Sua conta está suspensa.', { appCode: 'ACCOUNT_SUSPENDED' })
    const expected = {
      title: 'Sua conta está suspensa.',
      description: 'Veja o motivo e até quando na tela de suspensão.',
    }
    expect(describeError(overExpress, 'Erro ao enviar')).toEqual(expected)
    expect(describeError(overTrpc, 'Erro ao enviar')).toEqual(expected)
    expect(appCodeOf(overExpress)).toBe('ACCOUNT_SUSPENDED')
    expect(httpStatusOf(overExpress)).toBe(403)
  })

  it("gives an Express route's refusal its catalogue text", () => {
    const error = expressError(413, 'Imagem muito grande. Tamanho máximo: 5MB', 'UPLOAD_TOO_LARGE')
    expect(describeError(error)).toEqual({
      title: 'Imagem muito grande. Tamanho máximo: 5MB',
      description: 'Reduza a foto ou escolha outra.',
    })
  })

  it("gives an Express route's failure the generic text and its request code, as a tRPC one", () => {
    const generic = 'Algo deu errado. Tente novamente em instantes.'
    const overExpress = expressError(500, generic, null, '9a8b7c')
    const overTrpc = serverError(500, generic, { requestId: '9a8b7c' })
    const expected = { title: 'Erro ao enviar', description: `${generic} Código: 9a8b7c` }
    expect(describeError(overExpress, 'Erro ao enviar')).toEqual(expected)
    expect(describeError(overTrpc, 'Erro ao enviar')).toEqual(expected)
  })

  it('blames the connection when the route answered nothing readable', () => {
    for (const error of [
      new HttpError(0, null),
      new HttpError(502, '<html>Bad Gateway</html>'),
      new HttpError(413, null),
      new HttpError(400, { error: 'formato antigo' }),
      new HttpError(403, {
        message: 'Sua conta está suspensa.',
        appCode: 'ACCOUNT_SUSPENDED',
        requestId: 'r',
      }),
    ]) {
      expect(describeError(error, 'Erro ao enviar')).toEqual({
        title: 'Erro ao enviar',
        description: OFFLINE_ERROR_DESCRIPTION,
      })
      expect(httpStatusOf(error)).toBeUndefined()
    }
  })
})
