/** Image files for upload tests, built in memory: real photos where it matters, crafted bytes where not. */
import { randomBytes } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'

/** A solid-colour JPEG; `orientation` writes the EXIF tag cameras use instead of rotating pixels. */
export function solidJpeg(
  width = 400,
  height = 300,
  options: { orientation?: number; colour?: string } = {},
) {
  const image = sharp({
    create: { width, height, channels: 3, background: options.colour ?? '#c0392b' },
  }).jpeg({
    quality: 90,
  })
  return (options.orientation ? image.withMetadata({ orientation: options.orientation }) : image).toBuffer()
}

/** Joinville, as a phone would record it in the EXIF GPS block. */
export const GPS_EXIF = {
  GPSLatitudeRef: 'S',
  GPSLatitude: '26/1 18/1 0/1',
  GPSLongitudeRef: 'W',
  GPSLongitude: '48/1 50/1 0/1',
}

/** A JPEG with camera EXIF and a GPS position. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#2980b9' } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Câmera de Teste', Model: 'Modelo 1' }, IFD3: GPS_EXIF })
    .toBuffer()
}

/** An animated GIF whose frames are solid red, green, blue… in that order. */
export function animatedGif(frames = 3, width = 64, height = 48): Promise<Buffer> {
  const colours = [
    [255, 0, 0],
    [0, 255, 0],
    [0, 0, 255],
  ]
  const raw = Buffer.alloc(width * height * frames * 3)
  for (let frame = 0; frame < frames; frame += 1) {
    const colour = colours[frame % colours.length] ?? [0, 0, 0]
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      raw.set(colour, (frame * width * height + pixel) * 3)
    }
  }
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: Array.from({ length: frames }, () => 100), loop: 0 })
    .toBuffer()
}

/** Random pixels stored uncompressed: a valid PNG of about width × height × 3 bytes. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
}

/** One PNG chunk: length, type, data and CRC, as the format lays them out. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const checksum = Buffer.alloc(4)
  checksum.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, checksum])
}

/**
 * A valid all-black PNG of any size, written by hand as 1-bit greyscale: 20000 × 20000 takes well
 * under a second and ~60 KB, yet decodes to over a gigabyte of pixels (a decompression bomb).
 */
export function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 1 // bit depth
  header[9] = 0 // greyscale
  // Each row: filter byte 0, then the packed pixels, all zero.
  const scanlines = Buffer.alloc((1 + Math.ceil(width / 8)) * height)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanlines, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * Tag numbers inside the EXIF GPS directory (1 latitude ref, 2 latitude, 3 longitude ref,
 * 4 longitude…); empty when there is no GPS block. Reads the TIFF structure, so a passing check
 * means the position is really there, not just some bytes that look like it.
 */
export function exifGpsTags(exif: Buffer | undefined): number[] {
  if (!exif) return []
  const tiff = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? 6 : 0
  const little = exif.toString('latin1', tiff, tiff + 2) === 'II'
  const u16 = (at: number) => (little ? exif.readUInt16LE(tiff + at) : exif.readUInt16BE(tiff + at))
  const u32 = (at: number) => (little ? exif.readUInt32LE(tiff + at) : exif.readUInt32BE(tiff + at))
  const entries = (ifd: number) =>
    Array.from({ length: u16(ifd) }, (_, i) => ({
      tag: u16(ifd + 2 + i * 12),
      value: u32(ifd + 2 + i * 12 + 8),
    }))
  const gpsPointer = entries(u32(4)).find((entry) => entry.tag === 0x8825)
  return gpsPointer ? entries(gpsPointer.value).map((entry) => entry.tag) : []
}
