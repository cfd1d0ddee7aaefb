import { join } from 'node:path'
import sharp from 'sharp'

/** Two JPEGs of different colours in `dir` (foto-1.jpg, foto-2.jpg), for a listing's photo picker. */
export async function writeListingPhotos(dir: string, width: number, height: number): Promise<string[]> {
  const files: string[] = []
  for (const [index, color] of ['#c2410c', '#0369a1'].entries()) {
    const file = join(dir, `foto-${index + 1}.jpg`)
    await sharp({ create: { width, height, channels: 3, background: color } })
      .jpeg()
      .toFile(file)
    files.push(file)
  }
  return files
}
