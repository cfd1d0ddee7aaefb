import { beforeEach, describe, expect, it, vi } from 'vitest'
import { saveThenClose, toastOutcome } from './save-then-close'
import { toast, toastError } from './toast'

vi.mock('./toast', () => ({ toast: { success: vi.fn() }, toastError: vi.fn() }))

function callbacks() {
  const order: string[] = []
  return {
    order,
    onDone: vi.fn(() => order.push('closed')),
    refresh: vi.fn(async () => {
      order.push('refreshed')
    }),
  }
}

describe('saveThenClose', () => {
  beforeEach(() => vi.clearAllMocks())

  it('says it saved, closes the dialog and only then refreshes the lists', async () => {
    const { order, onDone, refresh } = callbacks()
    await saveThenClose(
      async () => {
        order.push('saved')
      },
      { saved: 'Curso criado!', failed: 'Erro ao salvar curso', onDone, refresh },
    )
    expect(order).toEqual(['saved', 'closed', 'refreshed'])
    expect(toast.success).toHaveBeenCalledWith('Curso criado!', undefined)
    expect(toastError).not.toHaveBeenCalled()
  })

  it('toasts a refusal under the failure title and leaves the dialog open', async () => {
    const { order, onDone, refresh } = callbacks()
    const refusal = new Error('Já existe um curso com este nome')
    await saveThenClose(() => Promise.reject(refusal), {
      saved: 'Curso criado!',
      failed: 'Erro ao salvar curso',
      onDone,
      refresh,
    })
    expect(toastError).toHaveBeenCalledWith(refusal, 'Erro ao salvar curso')
    expect(order).toEqual([])
    expect(toast.success).not.toHaveBeenCalled()
  })
})

describe('toastOutcome', () => {
  beforeEach(() => vi.clearAllMocks())

  it('toasts the success and then refreshes, or toasts the failure', async () => {
    const refresh = vi.fn(async () => {})
    const options = toastOutcome('Anúncio no topo!', 'Erro ao subir o anúncio', refresh)
    await options.onSuccess()
    expect(toast.success).toHaveBeenCalledWith('Anúncio no topo!')
    expect(refresh).toHaveBeenCalledOnce()
    const refusal = new Error('Só pode subir uma vez por dia')
    options.onError(refusal)
    expect(toastError).toHaveBeenCalledWith(refusal, 'Erro ao subir o anúncio')
    expect(refresh).toHaveBeenCalledOnce()
  })
})
