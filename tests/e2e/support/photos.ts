import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll } from 'vitest'

/**
 * For the file's tests: one JPEG a colour (foto-1.jpg, foto-2.jpg, …), written to a fresh temporary
 * folder before them and deleted after them, for a photo picker. The hook fills the list: read it in
 * hooks and tests.
 */
export function setUpPhotoFiles(
  width: number,
  height: number,
  colours: readonly string[] = ['#c2410c', '#0369a1'],
): string[] {
  const files: string[] = []
  let dir: string | undefined
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vupt-fotos-'))
    for (const [index, colour] of colours.entries()) {
      const file = join(dir, `foto-${index + 1}.jpg`)
      await sharp({ create: { width, height, channels: 3, background: colour } })
        .jpeg()
        .toFile(file)
      files.push(file)
    }
  })
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
  return files
}
