import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSecretBox } from './secret-box'

describe('createSecretBox', () => {
  const box = createSecretBox(randomBytes(32))

  it('cifra e decifra, sem deixar o texto à vista', () => {
    const sealed = box.seal('segredo-totp')
    expect(sealed).toMatch(/^v1\./)
    expect(sealed).not.toContain('segredo-totp')
    expect(box.seal('segredo-totp')).not.toBe(sealed)
    expect(box.open(sealed)).toBe('segredo-totp')
  })

  it('recusa um valor adulterado ou de outra chave', () => {
    const sealed = box.seal('segredo-totp')
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`
    expect(() => box.open(tampered)).toThrow()
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow()
  })

  it('recusa uma etiqueta de autenticação encurtada, mesmo sendo o começo da verdadeira', () => {
    const [version, iv, tag, data] = box.seal('segredo-totp').split('.')
    for (const bytes of [4, 12, 15]) {
      const short = Buffer.from(tag ?? '', 'base64url')
        .subarray(0, bytes)
        .toString('base64url')
      expect(() => box.open([version, iv, short, data].join('.'))).toThrow()
    }
  })

  it('dá o mesmo resumo para o mesmo rótulo, e outro para outro rótulo ou outra chave', () => {
    const digest = box.digest('handoff:1')
    expect(digest).toHaveLength(32)
    expect(box.digest('handoff:1').equals(digest)).toBe(true)
    expect(box.digest('handoff:2').equals(digest)).toBe(false)
    expect(createSecretBox(randomBytes(32)).digest('handoff:1').equals(digest)).toBe(false)
  })

  it('lê como está um valor gravado antes da criptografia', () => {
    expect(box.open('QUJDREVGR0g=')).toBe('QUJDREVGR0g=')
  })
})
