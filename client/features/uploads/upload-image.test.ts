import { describe, expect, it } from 'vitest'
import { HttpError } from '@/lib/errors'
import { describeUploadError, validateImageFile } from './upload-image'

/** An upload route's failed answer: its status and tRPC's error shape (server/http/errors.ts). */
const refusal = (status: number, message: string, appCode: string | null, requestId: string) =>
  new HttpError(status, {
    error: { message, code: -32600, data: { httpStatus: status, requestId, appCode, validation: null } },
  })

describe('describeUploadError', () => {
  it("titles a refusal with the server's words and names the file under it", () => {
    const refused = refusal(415, 'Por favor, selecione apenas arquivos de imagem', 'UPLOAD_NOT_IMAGE', 'r1')
    expect(describeUploadError(refused, 'foto.heic')).toEqual({
      title: 'Por favor, selecione apenas arquivos de imagem',
      description: 'foto.heic',
    })
    const limited = refusal(
      429,
      'Muitas imagens enviadas em pouco tempo. Aguarde alguns minutos e tente novamente.',
      'UPLOAD_RATE_LIMITED',
      'r2',
    )
    expect(describeUploadError(limited, 'foto.jpg').title).toBe(
      'Muitas imagens enviadas em pouco tempo. Aguarde alguns minutos e tente novamente.',
    )
  })

  it('titles a failure as the upload that did not go, with the request code to quote', () => {
    const failed = refusal(500, 'Algo deu errado. Tente novamente em instantes.', null, '5e6f')
    expect(describeUploadError(failed, 'foto.jpg')).toEqual({
      title: 'Não foi possível enviar a imagem. Tente novamente.',
      description: 'Algo deu errado. Tente novamente em instantes. Código: 5e6f',
    })
    expect(describeUploadError(new HttpError(0, null), 'foto.jpg')).toEqual({
      title: 'Não foi possível enviar a imagem. Tente novamente.',
      description: 'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
    })
  })
})

describe('validateImageFile', () => {
  it('refuses in the browser with the texts the server uses', () => {
    const file = (type: string, size: number) => ({ type, size }) as File
    expect(validateImageFile(file('application/pdf', 10))).toBe(
      'Por favor, selecione apenas arquivos de imagem',
    )
    expect(validateImageFile(file('image/png', 6 * 1024 * 1024))).toBe(
      'Imagem muito grande. Tamanho máximo: 5MB',
    )
    expect(validateImageFile(file('image/webp', 1024))).toBeNull()
  })
})
