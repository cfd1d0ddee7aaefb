import { TRPCClientError } from '@trpc/client'
import { toast as sonnerToast } from 'sonner'
import { describe, expect, it, vi } from 'vitest'
import { toastError, toasterListening } from './toast'

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }))

const notFound = TRPCClientError.from({
  error: {
    code: -32600,
    message: 'Anúncio não encontrado',
    data: { code: 'NOT_FOUND', httpStatus: 404, path: 'listings.byId' },
  },
})

describe('toastError', () => {
  it('shows the described error once the toast library is there, replacing the toast of the same id', async () => {
    // Nothing is published before the Toaster listens.
    await toastError(notFound, 'Erro ao carregar anúncio', { id: 'listing-load-error' })
    expect(sonnerToast.error).not.toHaveBeenCalled()
    toasterListening()
    await vi.waitFor(() =>
      expect(sonnerToast.error).toHaveBeenCalledWith('Erro ao carregar anúncio', {
        id: 'listing-load-error',
        description: 'Anúncio não encontrado',
      }),
    )
    await toastError(notFound)
    await vi.waitFor(() =>
      expect(sonnerToast.error).toHaveBeenLastCalledWith('Anúncio não encontrado', {
        description: undefined,
      }),
    )
  })
})

describe('toast', () => {
  it('asks the root for the Toaster on the first toast, and only then', async () => {
    // A page as it starts: nothing toasted yet.
    vi.resetModules()
    const { isToasterWanted, toast, toasterListening, watchToasterWanted } = await import('./toast')
    const watcher = vi.fn()
    const stop = watchToasterWanted(watcher)
    expect(isToasterWanted()).toBe(false)
    toast.success('Produto salvo')
    toast.success('Produto salvo de novo')
    expect(isToasterWanted()).toBe(true)
    expect(watcher).toHaveBeenCalledTimes(1)
    stop()
    toasterListening()
    const { toast: sonner } = await import('sonner')
    await vi.waitFor(() => expect(sonner.success).toHaveBeenCalledTimes(2))
  })
})
