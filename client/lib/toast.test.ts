import { TRPCClientError } from '@trpc/client'
import { toast as sonnerToast } from 'sonner'
import { describe, expect, it, vi } from 'vitest'
import { toastError, toasterListening } from './toast'

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }))

const notFound = TRPCClientError.from({
  error: {
    code: -32600,
    message: 'Produto não encontrado',
    data: { code: 'NOT_FOUND', httpStatus: 404, path: 'listings.byId' },
  },
})

describe('toastError', () => {
  it('shows the described error once the toast library is there, replacing the toast of the same id', async () => {
    // Nothing is published before the Toaster listens.
    await toastError(notFound, 'Erro ao carregar produto', { id: 'listing-load-error' })
    expect(sonnerToast.error).not.toHaveBeenCalled()
    toasterListening()
    await vi.waitFor(() =>
      expect(sonnerToast.error).toHaveBeenCalledWith('Erro ao carregar produto', {
        id: 'listing-load-error',
        description: 'Produto não encontrado',
      }),
    )
    await toastError(notFound)
    await vi.waitFor(() =>
      expect(sonnerToast.error).toHaveBeenLastCalledWith('Produto não encontrado', {
        description: undefined,
      }),
    )
  })
})
