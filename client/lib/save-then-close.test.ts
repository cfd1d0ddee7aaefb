import { beforeEach, describe, expect, it, vi } from 'vitest'
import { saveThenClose } from './save-then-close'
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
