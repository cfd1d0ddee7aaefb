import type { Resolver } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { lazyResolver } from './lazy-resolver'

type Values = { email: string }

const passing: Resolver<Values> = async (values) => ({ values, errors: {} })
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2]

describe('lazyResolver', () => {
  it('fetches the check once, on preload or on the first check, and checks with it', async () => {
    const load = vi.fn(async () => passing)
    const { resolver, preload } = lazyResolver(load)
    expect(load).not.toHaveBeenCalled()
    preload()
    await expect(resolver({ email: 'a@b.br' }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.br' },
      errors: {},
    })
    await resolver({ email: 'c@d.br' }, undefined, options)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('fetches again after a failed fetch (the phone was offline)', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(passing)
    const { resolver, preload } = lazyResolver(load)
    preload()
    await expect(resolver({ email: 'a@b.br' }, undefined, options)).rejects.toThrow('offline')
    await expect(resolver({ email: 'a@b.br' }, undefined, options)).resolves.toMatchObject({ errors: {} })
    expect(load).toHaveBeenCalledTimes(2)
  })
})
